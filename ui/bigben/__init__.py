"""Big Ben's table and hint words."""
