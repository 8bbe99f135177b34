"""Pure game rules. Nothing here touches hardware, the display or files."""
