// The rules of the five games in English, from the original sheets and docs/RULES.md.
// The interpretations shown under them come from the rules catalogue (GET /api/v1/rules/{game}).
export default {
  addup: {sections: [
    ["Aim", ["Capture as many cards as you can: make the two rows on the table add up to the same number."]],
    ["The cards", ["48 cards: number cards 1 to 9 (four of each), six white jokers worth 0 to 5 and six yellow jokers worth 10 or more."]],
    ["Setting up", ["Each player gets 3 cards. Two opening cards are turned face up: one starts the top row, the other the bottom row. The rest of the deck waits face down. The player listed first starts."]],
    ["Your turn", [
      "Play one card from your hand onto the top row or the bottom row. You choose a joker's value when you play it, and it stays fixed.",
      "If both rows now hold cards and add up to the same total, you capture every card on the table.",
      "Then draw a card, so that you hold 3 again while the deck lasts. After a capture, two new opening cards are turned. Opening cards that happen to be equal capture nothing.",
    ]],
    ["End of the match", ["When the deck is empty, players play out their hands. When every hand is empty, the player who captured the most cards wins; players who captured the same number share the win."]],
  ]},
  addit: {sections: [
    ["Aim", ["Collect more cards than the other players."]],
    ["The cards", ["60 cards in six sports suits (soccer, basketball, tennis, baseball, football, hockey), each numbered 1 to 10. Only the numbers count."]],
    ["Setting up", ["Each player gets 6 cards, one at a time. Twelve cards are laid face up on the table; the rest is the stock. The player listed first starts; in a long game, the next player starts each new deal."]],
    ["Your turn", [
      "Play one card from your hand. You may collect one group of table cards whose numbers add up to your card's number (a single card of the same number is such a group). Only one group per turn.",
      "Example: with 2, 3, 3, 4, 4, 5, 6, 8, 8 on the table, an 8 may collect one 8, or 2 + 3 + 3, or 2 + 6, or 3 + 5, or 4 + 4. 2 + 3 + 3 collects the most.",
      "Collecting is never compulsory: you may always play the card onto the table instead. The collected cards and your card go to your stack.",
      "When every hand is empty, new hands are dealt from the stock.",
    ]],
    ["End of a deal", ["When the stock and every hand are empty, the last player who collected takes the cards left on the table (if nobody collected, they stay uncounted). Each card collected is one point."]],
    ["Short or long game", ["Short: one deal of the whole deck; most cards wins. Long: deals are played until someone has 201 points or more after a deal; the highest total wins."]],
  ]},
  plusminus: {sections: [
    ["Aim", ["Bring your four men home to square 25 by moving them with the total of two cards."]],
    ["The cards and boards", [
      "Black Plus cards add, red Minus cards take away. Each player has a board with squares 1 to 25 and four men, which start on the stars.",
      "Hands are hidden. Of the cards played, only the top one is shown on the table (the log lists every card as it was played). All boards are public.",
    ]],
    ["Setting up", ["Each player gets 11 cards. With 5 to 8 players two packs are shuffled together; cards not dealt are set aside unseen. The player after the dealer starts; the deal passes to the next player each game."]],
    ["Your turn", [
      "Play one card. The total is your card plus the top card (the card the player before you played). The first card of a game must be a Plus card and counts alone.",
      "Move one of your men by the total: forward when it is positive (a man on the stars enters on that square), back when it is negative (a man pushed to 0 or less returns to the stars). A total of 0 moves nobody. Men on the stars never move back.",
      "Landing exactly on 25 takes a man home, where it stays. Going past 25 is a bust: the man goes back to the stars. A man on the stars can bust (and stays there) only if you have no man on 1 to 24. Two of your men may not share a square (except the stars and home).",
      "You choose which man, a deliberate bust included. A player who can move a man must move one. If no man can move, the card is played and nothing moves.",
      "Examples: top Plus 5, you play Minus 7: back 2. Top Plus 5, you play Minus 3: forward 2. Top Minus 3, you play Plus 3: no move. Top Minus 2, you play Minus 9: back 11. Men on 25, 25, 17 and the stars, top Plus 15, you play Plus 11 (26): the man on 17 must bust.",
    ]],
    ["End and scoring", [
      "A game ends at once when a player brings a fourth man home, or when the last card has been played.",
      "Each man home scores 50, each man on the stars −20, every other man the number of its square. A match is 1 game or a rubber of 5; the highest total wins.",
    ]],
  ]},
  addem: {sections: [
    ["Aim", ["Be the first to get rid of all your cards and call ADD-EM. Points count against you: at 50 you drop out."]],
    ["The cards", [
      "52 cards: black Figure cards 0 to 8 (three of each), black Minus cards −1 to −5 (two of each), red Total cards 0 to 12, and two Add-Em cards.",
      "The Odd Add-Em card stands for 1, 3, 5, 7, −1, −3 or −5; the Even one for 2, 4, 6, 8, −2 or −4. They never stand for 0 or for a Total card. With 5 to 8 players two packs are used.",
    ]],
    ["Setting up", ["Each player gets 6 cards; the rest is the pool, face down. The player after the dealer starts."]],
    ["A sum", ["A sum is 3 or more cards with exactly one red Total card; the other cards add up to the Total card's number. A finished sum goes under the pool."]],
    ["Your turn", [
      "When nothing is exposed: lay down a sum from your hand, or expose one Figure or Minus card face up, or draw a card from the pool.",
      "When cards are exposed: complete a sum with all the exposed cards and cards from your hand (the Total card comes from your hand), or take the exposed cards and lay two or more Figure or Minus cards (not the cards just taken) with the same total in their place, or draw.",
      "A player holding only Total and Add-Em cards must draw.",
    ]],
    ["Going out", ["When your hand is empty you call ADD-EM and the round ends. Right after a sum, if your hand holds only one Total card, or only Add-Em cards, you discard it and go out. A single Figure or Minus card left must wait for your next turn; if nothing is exposed then, exposing it empties your hand."]],
    ["Counting", [
      "The other players count their hands: Figure and Minus cards 1 each, Total cards 3 each, Add-Em cards 10 each. A player at 50 or more drops out; the match ends when at most one player is under 50. The lowest score wins.",
      "With the penalties option, a well-formed sum that adds up wrong costs 5 points and the cards go back to the hand; without it, the sum is refused and the arithmetic shown.",
    ]],
  ]},
  addtoo: {sections: [
    ["Aim", ["Play all your diamonds as quickly as you can, in matching or scoring combinations; diamonds left in your hand cost points."]],
    ["The diamonds", ["45 diamonds, each split into an orange half and a blue half with a number from 1 to 10 on each. Each half shows its number on its two outer sides."]],
    ["Setting up", ["Each player draws 5 diamonds and lays them face up: all hands are seen by everyone. The player with the lowest diamond (by its total) starts, with any diamond. A tie goes to the next-lowest diamond, then to the player listed first."]],
    ["Your turn", [
      "Place one diamond against the last-played diamond. The touching sides must be the same colour, and their numbers must match or add up to a multiple of 5 (5, 10, 15, 20).",
      "A matching play scores nothing; a scoring play scores the sum of the two numbers (5 against 10 scores 15; 5 against 5 both matches and scores 10). Other sides that touch and score count too.",
      "Bonus play: instead, a diamond may go on an empty cell not next to the last-played diamond, touching 2, 3 or 4 diamonds, with every touching side matching or scoring. It scores its combinations plus 5 per side touched. A play next to the last-played diamond is never a bonus play.",
      "If you can place a diamond, you must. If you cannot, draw from the pile, one diamond at a time, while you hold fewer than 5 and the pile lasts, and place as soon as you can. If you still cannot place, pass.",
    ]],
    ["End and scoring", [
      "A hand ends when a player has placed every diamond, when the last diamond is closed on all four sides, or when every player has passed in turn. Each diamond left in hand costs 10 points. Scores count only at the end of a hand.",
      "Hands are played until a player's total reaches the target (200 unless chosen otherwise); then the highest total wins.",
    ]],
  ]},
};
