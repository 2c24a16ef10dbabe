"""Routes of this blueprint."""
