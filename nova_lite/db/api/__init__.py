"""Small reader/writer functions, one module per table."""
