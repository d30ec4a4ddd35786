package eaw

import (
	"encoding/json"
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Name is the ruleset's name in scenario files.
const Name = "eaw"

// Ruleset is Empires at War. Its zero value is ready to use.
type Ruleset struct{}

var (
	_ game.ReportedBattles = Ruleset{}
	_ game.Preparer        = Ruleset{}
)

// Name returns "eaw".
func (Ruleset) Name() string { return Name }

// Version is the EaW resolver's version.
func (Ruleset) Version() int { return Version }

// Check validates and costs a submission (Validate).
func (Ruleset) Check(st *campaign.State, sub *orders.Submission) (game.Checked, error) {
	costed, err := Validate(st, sub)
	return checkedOf(sub, costed, err)
}

// Prepare indexes st once (NewChecker) for Check of many submissions.
func (Ruleset) Prepare(st *campaign.State) func(sub *orders.Submission) (game.Checked, error) {
	ch := NewChecker(st)
	return func(sub *orders.Submission) (game.Checked, error) {
		costed, err := ch.Validate(sub)
		return checkedOf(sub, costed, err)
	}
}

// checkedOf returns what Check returns for sub, given what Validate did.
func checkedOf(sub *orders.Submission, costed *Costed, err error) (game.Checked, error) {
	if costed == nil {
		return nil, err
	}
	return &checked{sub: sub, costed: costed}, err
}

// checked is a costed EaW submission.
type checked struct {
	sub    *orders.Submission
	costed *Costed
}

func (c *checked) Echo() string    { return EchoOrders(c.sub, c.costed) }
func (c *checked) Summary() string { return CostSummary(c.costed) }

// Resolve plays one seasonal turn for every player at once.
func (Ruleset) Resolve(t game.Turn) *game.Result {
	res := Resolve(t.State, t.Orders)
	res.Carry(t.Carried)
	for i := len(t.Notices) - 1; i >= 0; i-- {
		res.Announce(t.Notices[i])
	}
	return &game.Result{Next: res.Next, Events: res.Events, Views: views(res.Views)}
}

// Observe returns the views of a state no turn was resolved into.
func (Ruleset) Observe(st *campaign.State) []game.View { return views(Observe(st)) }

// Replay rebuilds the views of a resolution from its state and events.
func (Ruleset) Replay(next *campaign.State, events []game.Event) []game.View {
	return views(Replay(next, events))
}

// DecodeView reads a view back from its JSON.
func (Ruleset) DecodeView(data []byte) (game.View, error) {
	var v View
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("eaw: read view: %w", err)
	}
	return &v, nil
}

// Schema is the JSON Schema of EaW orders under st's rules, or the
// preset's for a nil st.
func (Ruleset) Schema(st *campaign.State) []byte {
	if st == nil {
		return Schema(campaign.PresetEaW())
	}
	return Schema(st.Rules)
}

// Example is the player's first fleet moving one lane on, and a develop
// and a build to copy.
func (Ruleset) Example(st *campaign.State, p campaign.PlayerID) game.Example {
	first := firstMove(st, p)
	return game.Example{Order: first, Orders: WelcomeOrders(first, st.Rules)}
}

// firstMove writes an example order for a player: their first fleet
// one lane onward, "move: {fleet: 1st, path: [ferrum]}", or "" if the
// player has no fleet that can move.
func firstMove(st *campaign.State, player campaign.PlayerID) string {
	g := campaign.NewGraph(st.Map)
	for _, f := range st.Fleets {
		if next := g.Neighbours(f.At); f.Owner == player && len(next) > 0 {
			return fmt.Sprintf("move: {fleet: %s, path: [%s]}", f.ID, next[0])
		}
	}
	return ""
}

// views turns the resolver's views into the seam's.
func views(vs []View) []game.View {
	out := make([]game.View, len(vs))
	for i := range vs {
		out[i] = &vs[i]
	}
	return out
}

// view is the EaW view behind a game.View; a view of another ruleset is
// a bug of the caller's.
func view(v game.View) *View {
	rv, ok := v.(*View)
	if !ok {
		panic(fmt.Sprintf("eaw: a %T is not an EaW view", v))
	}
	return rv
}
