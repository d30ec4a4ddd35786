// Package thunderdome is the Thunderdome IV campaign ruleset (TD IV,
// docs/rules-thunderdome.md) behind the game.Ruleset seam.
//
// TD IV plays one player at a time (UTD2.1). One store turn is one player
// turn: campaign.State.Turn counts player turns, and the ruleset keeps its
// own clock, the campaign cycle 1.0, 1.5, 2.0 ... (UTD2.2), with the turn
// order, the sectors and everything else only TD IV knows in
// campaign.State.Ext (Ext). A state always waits for the orders of its
// current player, whose turn is open: steps 1–3 of UTD2.3 (developments
// appear, income, resupply and self-repair) were applied when it opened.
//
// Orders resolve at once, in the order given (UTD1.12, UTD6.121): Check
// applies a player's whole submission to a copy of the state, each order
// by its kind's apply method (kinds.go, one order_<kind>.go per kind), and
// Resolve replays the same orders on the same state with the same dice,
// then plays steps 6–12 (retreats arrive, exploration, battles, captures,
// the next player) and opens the next player's turn.
//
// Everything at the campaign level is public (UTD1.13, UTD3.1): every
// player's report shows the whole map and every order resolved. Its map
// (mapview.go) shows every player's fleets with their BPV, sectors,
// capitals, shipyards and developments in that player's colour, battles
// and retreats, and whose turn it is.
package thunderdome
