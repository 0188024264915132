"""Shared by every test folder: this folder on the import path, for the helpers kept here (browser.py: rendering
reports in headless Chromium)."""
