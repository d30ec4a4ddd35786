package game

import (
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Sequential is a Ruleset whose player turns take several mails, each
// applied at once. The moderator amends the orders on file with each new
// mail (Amend), checks the whole (Check), files it in place of what was on
// file and confirms it with the new state; the turn resolves as soon as
// its orders are final or Spent, without waiting for the deadline, as if
// the campaign resolved early. A mail with problems changes nothing.
type Sequential interface {
	Ruleset
	// Amend returns the orders the turn holds after a new mail: the
	// orders on file (nil for none) followed by the new mail's. Header
	// fields (final, turn) come from the new mail. It changes neither.
	Amend(onFile, incoming *orders.Submission) *orders.Submission
}

// Spent is a Checked that can tell that nothing more can be ordered this
// turn: the turn resolves as if the orders were final. A Checked that
// does not implement it is never spent.
type Spent interface {
	Spent() bool
}

// IsSpent reports whether checked orders leave nothing more to order.
func IsSpent(c Checked) bool {
	s, ok := c.(Spent)
	return ok && s.Spent()
}

// TurnOrder is a Ruleset that can say in what order the players' turns
// come, so that a player who is not due learns when their turn comes.
type TurnOrder interface {
	Ruleset
	// Queue lists the players still in, in the order their turns come
	// from st on: the player whose turn st opens first.
	Queue(st *campaign.State) []campaign.PlayerID
}

// ExtensionPolicy is a Ruleset whose rules grant a player an extension at
// once, without the GM, when the request cites real-life reasons. A
// request for more, or without such a reason, goes to the GM or to a
// vote of the players, as the campaign's moderation settings say
// (decisions: gm or votes).
type ExtensionPolicy interface {
	Ruleset
	// RealLifeExtension is how long an extension granted at once is: the
	// player gets it for no more hours than that, once per turn. Zero
	// grants none at once. Where the campaign decides by vote, a side of
	// a battle fought outside pbemd gets as much more for the battle's
	// clocks, on the claim or as every side asks, once per side and
	// clock.
	RealLifeExtension() time.Duration
}

// Resigner is a Ruleset in which a player may leave the campaign of their
// own will, at once. Without it, the moderator refuses resignations.
type Resigner interface {
	Ruleset
	// Resign returns the open turn's state after player p resigned, and
	// the events that tell everyone of it. It does not change st.
	Resign(st *campaign.State, p campaign.PlayerID) (*campaign.State, []Event)
}

// Calendar is a Ruleset that names the date of its turns its own way, as
// its reports name it: Thunderdome IV by its cycle and season. The
// daemon's texts name a turn's date so; without it, as
// campaign.State.Date writes it ("Y165 spring").
type Calendar interface {
	Ruleset
	// TurnDate names the date of the turn st opens: "cycle 1.0, spring
	// Y165".
	TurnDate(st *campaign.State) string
}

// TurnDate names the date of the turn st opens as rs names it
// (Calendar), or as campaign.State.Date writes it.
func TurnDate(rs Ruleset, st *campaign.State) string {
	if c, ok := rs.(Calendar); ok {
		return c.TurnDate(st)
	}
	return st.Date().String()
}
