package game

// Topic is a matter the daemon's own texts tell of, the same for every
// ruleset, on which a ruleset's rules may have a rule to cite.
type Topic int

const (
	// TopicBattleContact: the sides of a reported battle make contact
	// by a deadline.
	TopicBattleContact Topic = iota + 1
	// TopicBattleSettle: the sides settle a reported battle by a
	// deadline; past it, the battle is decided without them.
	TopicBattleSettle
	// TopicSilentSide: a side of a reported battle that sends nothing
	// in time withdraws.
	TopicSilentSide
	// TopicForfeit: a player without orders at the deadline forfeits
	// the turn.
	TopicForfeit
	// TopicForfeitDrop: a player who forfeits turns in a row is
	// dropped.
	TopicForfeitDrop
	// TopicExtension: players ask for more time before a deadline.
	TopicExtension
	// TopicBattleTime: the sides of a reported battle get more time for
	// its clocks without a vote.
	TopicBattleTime
)

// Citer is a Ruleset whose rules speak to some of the daemon's topics:
// the daemon's texts on a topic cite the rule it names, and a text of a
// ruleset that is no Citer cites none.
type Citer interface {
	Ruleset
	// Cite names the rule on t as the ruleset's players know it,
	// "UTD3.4", or "" if its rules have none.
	Cite(t Topic) string
}

// Cite names rs's rule on t, or "" if rs is no Citer or has none.
func Cite(rs Ruleset, t Topic) string {
	if c, ok := rs.(Citer); ok {
		return c.Cite(t)
	}
	return ""
}
