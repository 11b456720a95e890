import ColdiffCLI

print("coldiff: not yet implemented")
