"""Widgets, theme and text helpers shared by the app screens."""
