"""Atlases of winnable deals and the full-information searches behind them."""
