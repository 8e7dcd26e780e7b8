"""Rules tables as plain typed data, each citing its rule number."""
