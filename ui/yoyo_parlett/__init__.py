"""Yo-yo (Parlett): its table and view."""
