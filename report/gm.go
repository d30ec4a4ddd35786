package report

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
)

// GMWelcome is the GM's copy of a campaign's start: the GM token and how
// to run the campaign by mail.
type GMWelcome struct {
	Title    string
	Campaign campaign.ID
	Turn     int
	Deadline string
	// Address is where the GM sends commands.
	Address string
	Token   string
	// Player is one of the campaign's players, named in the examples.
	Player campaign.PlayerID
}

// RenderGMWelcome renders the GM's welcome, which carries the GM token.
func RenderGMWelcome(w *GMWelcome) (subject, text string) {
	return fmt.Sprintf("[%s] You are the GM of %s", w.Campaign, w.Title), render("gmwelcome.tmpl", w)
}

// GMHelp lists the GM's commands, one per line, with player, one of the
// campaign's players, in the examples.
func GMHelp(player campaign.PlayerID) string {
	return render("gmhelp.tmpl", player)
}

// OrdersExample is the hint for a mail that holds no orders, from a
// player: the header of their own orders and, if they have one, an order
// of theirs (e.g. "move: {fleet: 1st, path: [ferrum]}"). The moderator
// puts it in place of the generic orders.MinimalExample.
func OrdersExample(c campaign.ID, player campaign.PlayerID, turn int, order string) string {
	s := fmt.Sprintf("send for example: campaign: %s, player: %s, turn: %d, token: <from your welcome mail>, "+
		"each on its own line, then orders: and one line per order", c, player, turn)
	if order != "" {
		s += fmt.Sprintf(" such as \"  - %s\"", order)
	}
	return s
}

// CommandExample is OrdersExample for the GM of a campaign.
func CommandExample(c campaign.ID) string {
	return fmt.Sprintf("send for example: campaign: %s, token: <your GM token>, command: status, each on its own line", c)
}
