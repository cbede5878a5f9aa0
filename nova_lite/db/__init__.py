"""The database layer: models and small query functions. No SQL elsewhere."""
