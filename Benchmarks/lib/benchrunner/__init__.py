"""The coldiff benchmark runner (see Benchmarks/README.md)."""
