import ColdiffCLI

print("colpatch: not yet implemented")
