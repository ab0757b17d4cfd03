"""The subcommands, one module per group; cli.py imports a module only when its command runs."""
