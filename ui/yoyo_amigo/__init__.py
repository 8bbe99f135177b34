"""YoYo (Amigo): its table, view, plays, cards, words and log."""
