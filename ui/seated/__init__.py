"""What the seated games share: seats, curtains, setup, help, records."""
