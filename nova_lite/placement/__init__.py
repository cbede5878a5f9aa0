"""The placement store: providers, inventories, allocations, classes and
traits, on top of the database functions that hold its SQL."""
