"""The placement API: an OpenStack Placement compatible REST API over the
placement store."""
