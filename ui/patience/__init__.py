"""What the one-player patiences share: the app, menu, help, statistics, deals."""
