"""The seated games' help paragraphs, loaded only while help is shown (ui/seated/screens.py
help_pages()): YOYO for Yo-yo, AMIGO for YoYo; ui/screens.py wraps them into pages."""
YOYO = (
    "Black Hole for two or three players. Build one pile on the centre card, a rank at a "
    "time, up or down; King and Ace touch. Suits do not matter.",
    "First announce up or down with the D-pad, then play while a card fits. Stuck after "
    "playing, you win the pile. The next player starts a new pile one rank back, going the "
    "other way.",
    "Two players stuck in a row: the next may move a fan's top card to its bottom to free "
    "the card wanted, then plays on but wins nothing that turn. If no move helps, any card "
    "starts a new pile.",
    "Most cards won wins. Rules (in the menu) offer the sheet's other readings: a pile that "
    "may turn at every card, and a transfer that may be declined.",
    "Keys: the D-pad moves the cursor or announces; A plays the top card under it; B undoes "
    "within your turn and B held redoes; Select transfers; Start opens the menu. While a CPU "
    "plays, A skips ahead. The table's news numbers the fans 1 to 17, row by row from the "
    "top left.",
)

AMIGO = (
    "Shed your hand onto one pile. Blue runs up, red runs down: lay a card going the "
    "pile's way, or one of equal value, which turns the way. Yellow always fits and keeps "
    "the way. Your own card still on top: lay anything.",
    "A series: cards stepping by one in one colour go at once, blue up, red down. Yellow "
    "fits anywhere in a series; last, it also acts. Nothing fits? B draws a card: Select "
    "plays it if it fits, B keeps it.",
    "Yellow cards act. No-entry disc: the next player misses a turn. Plus: the next takes "
    "a card from each of two players. Arrow left: everyone passes a card left. Star: chaos, "
    "all hands are shuffled and dealt again.",
    "Keys: left/right move along the hand; A picks or unpicks a card. Select plays the "
    "picks in the order that makes a series (none picked: the card under the cursor). B "
    "clears the picks, draws, or keeps a drawn card; Start opens the menu. While a CPU "
    "moves, A skips ahead.",
    "Up in your turn puts the cursor on a card that fits; Down shows the last moves. Your "
    "next decision tells, a line at a time, what others did to you; any key shows the next "
    "line. To take cards, Up/Down moves the white bar to a player, A takes. B takes back "
    "your last play, way or card passed until another player acts; a draw, a take or chaos shows "
    "cards, so it stays.",
    "Scores: out first +5, the others -1 a card. When the draw pile runs out twice, only "
    "minus points. A match is twice as many games as players; the highest total wins.",
    "Cards: B with an up triangle is blue, R with a down triangle red, Y yellow with its "
    "action. The curtain hides each hand when the device changes hands.",
)
