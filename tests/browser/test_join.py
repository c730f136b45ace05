"""Joining by an invite: a join refused because the seat was taken a moment before says so in the
reader's words, and keeps saying it over the page drawn again with the seats as they are now."""
from playwright.sync_api import expect

from .matches import new_match


def test_a_seat_taken_a_moment_before_is_said_over_the_seats_drawn_again(new_page, server):
    match = new_match(server, "addup", players=["Ann", "Bob", "Cy"], join=False)
    first, late = new_page(locale="fr-FR"), new_page(locale="fr-FR")
    for page in (first, late):
        page.goto(match.invite_link())
        expect(page.locator('[data-key="take-1"]')).to_be_visible()
    first.locator('[data-key="take-1"]').click()
    expect(first.locator("#status")).to_have_attribute("data-status", "waiting")
    late.locator('[data-key="take-1"]').click()
    expect(late.locator('[data-key="take-1"]')).to_have_count(0)  # drawn again: Bob's seat is gone
    expect(late.locator('[data-key="take-2"]')).to_be_visible()
    expect(late.get_by_role("alert")).to_have_text("Quelqu'un vient de prendre cette place : choisissez-en une autre.")
