import ColdiffCLI

ColdiffTool.main()
