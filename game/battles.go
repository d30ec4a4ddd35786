package game

import (
	"fmt"
	"time"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// ReportedBattles is a Ruleset whose battles may be fought outside pbemd
// by the players and reported by mail (battles: reported): the moderator
// runs the clocks and the mail, the ruleset judges and applies results.
type ReportedBattles interface {
	Ruleset
	// ShipRefs lists a pending battle's units with the names players
	// give them in a result.
	ShipRefs(b campaign.Battle) []ShipRef
	// CheckResult checks a reported result against the battle; it
	// returns one sentence per problem.
	CheckResult(st *campaign.State, b campaign.Battle, r *orders.BattleResult) []string
	// FightOrder says in what order the sides fight a meeting of more than
	// two fleets, naming their ships; empty for a battle of two fleets.
	FightOrder(b campaign.Battle) string
	// Retreats lists where a side that withdraws from the battle may go.
	Retreats(st *campaign.State, b campaign.Battle) []campaign.SystemID
	// ApplyResult settles a pending battle with a result, changing st,
	// the open turn's state, in place. how says who settled it.
	ApplyResult(st *campaign.State, id string, r *orders.BattleResult, how string) ([]Event, error)
	// FightPending fights a pending battle with the built-in resolver,
	// changing st in place, and returns the events and the sides' logs.
	FightPending(st *campaign.State, id string) ([]Event, []BattleLog, error)
}

// ShipRef is one unit of a pending battle as players name it in a result:
// "<player>#<n>", the n-th unit of that player in the battle. Enemy fleet
// IDs stay secret.
type ShipRef struct {
	Ref   string
	Owner campaign.PlayerID
	Fleet campaign.FleetID
	// Index is the unit's place in its fleet as the battle found it.
	Index int
	Class campaign.ClassName
}

// ShipRefsOf lists a battle's units as players name them, "<player>#<n>",
// counting fleet by fleet in the battle's order.
func ShipRefsOf(b campaign.Battle) []ShipRef {
	var out []ShipRef
	count := map[campaign.PlayerID]int{}
	for _, f := range b.Fleets {
		for i, u := range f.Units {
			count[f.Owner]++
			out = append(out, ShipRef{Ref: fmt.Sprintf("%s#%d", f.Owner, count[f.Owner]), Owner: f.Owner, Fleet: f.ID, Index: i, Class: u})
		}
	}
	return out
}

// CaptorProblem checks the captor a result names for captured ship s of
// battle b: an enemy ship of the battle that came through, neither
// destroyed, captured nor disengaged itself. refs are the battle's ships
// by name and fates the fate the result gives each; it returns the
// problem, or "".
func CaptorProblem(b campaign.Battle, refs map[string]ShipRef, fates map[string]battle.Fate, s orders.ShipFate) string {
	by, ok := refs[s.By]
	switch {
	case !ok:
		return fmt.Sprintf("%s: the captor %s did not fight in battle %s", s.Ship, s.By, b.ID)
	case by.Owner == refs[s.Ship].Owner:
		return fmt.Sprintf("%s: %s is on the same side and cannot capture it", s.Ship, s.By)
	case fates[s.By] == battle.FateDestroyed || fates[s.By] == battle.FateCaptured || fates[s.By] == battle.FateDisengaged:
		return fmt.Sprintf("%s: the captor %s is listed as %s itself", s.Ship, s.By, fates[s.By])
	}
	return ""
}

// BattleLog is the round-by-round log of one battle, for its sides.
type BattleLog struct {
	Battle string `json:"battle"`
	Text   string `json:"text"`
}

// ResultExampler is a ReportedBattles ruleset whose battle mail shows an
// example result of its own, as the results it takes differ from the
// default example's (its fates, victory points).
type ResultExampler interface {
	ReportedBattles
	// ResultExample returns an example result for battle b of st: the
	// lines under "result:" of a result mail, each indented by four
	// spaces and ending in a newline, and one paragraph on the fates a
	// ship may meet.
	ResultExample(st *campaign.State, b campaign.Battle) (example, fates string)
}

// BattleClock is a ReportedBattles ruleset whose own rules time its
// reported battles, in place of the campaign's battle clocks, and say who
// is forced to retreat when the time to make contact runs out. What
// happens when the time to settle runs out stays the campaign's.
type BattleClock interface {
	ReportedBattles
	// BattleDeadlines returns by when the sides of a battle found at
	// opened must make contact, and by when they must settle it, in a
	// campaign on schedule sched.
	BattleDeadlines(sched campaign.Schedule, opened time.Time) (contactBy, resolveBy time.Time, err error)
	// ForcedRetreat settles a battle whose time to make contact ran out,
	// the players silent having made none: it returns the result that
	// settles it and the players it forces to retreat.
	ForcedRetreat(st *campaign.State, b campaign.Battle, silent []campaign.PlayerID) (*orders.BattleResult, []campaign.PlayerID)
}
