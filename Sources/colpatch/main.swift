import ColdiffCLI

ColpatchTool.main()
