package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// VerifyOptions say which turns Verify resolves again.
type VerifyOptions struct {
	// Turn is the one turn to verify; 0 verifies every resolved turn.
	Turn int
	// Force compares a turn resolved by another version of the ruleset
	// too, which is expected to differ.
	Force bool
}

// Verdict is what Verify found of one turn.
type Verdict string

// The verdicts.
const (
	// Matches: resolved again, the turn gives what was stored.
	Matches Verdict = "matches"
	// Differs: resolved again, the turn gives something else.
	Differs Verdict = "differs"
	// NotCompared: the turn was resolved by another version of the
	// ruleset, so it is not expected to match.
	NotCompared Verdict = "not compared"
)

// Verification is what Verify found of a campaign's turns.
type Verification struct {
	Campaign campaign.ID `json:"campaign"`
	// Rules and Version name the ruleset that resolved the turns again.
	Rules   string      `json:"rules"`
	Version int         `json:"version"`
	Turns   []TurnCheck `json:"turns"`
}

// Differing returns the turns whose resolution differs.
func (v *Verification) Differing() []int {
	var out []int
	for _, t := range v.Turns {
		if t.Verdict == Differs {
			out = append(out, t.Turn)
		}
	}
	return out
}

// TurnCheck is what Verify found of the resolution of one turn.
type TurnCheck struct {
	Turn    int     `json:"turn"`
	Verdict Verdict `json:"verdict"`
	// Why says why the turn was not compared.
	Why string `json:"why,omitempty"`
	// Differences are the first differences found, each saying where;
	// More counts the ones left out.
	Differences []string `json:"differences,omitempty"`
	More        int      `json:"more,omitempty"`
	// Notes say what was found that is no difference, such as a state
	// changed after the resolution by a battle settled.
	Notes []string `json:"notes,omitempty"`
}

// maxDifferences is how many differences a TurnCheck spells out.
const maxDifferences = 12

// Verify resolves a campaign's stored turns again, each from its stored
// state, the orders on file and the moderation of its time (forfeits,
// battles settled while it was open, a rerun after a rollback), and
// compares the outcome with what was stored: the next turn's state and
// the events, and the players' views, which the reports sent were drawn
// from, with the views rebuilt from the stored state as pbemd report
// shows them. Determinism makes them match; a difference means the
// stored data changed, or the ruleset would now resolve the turn another
// way. A turn that is not resolved is store.ErrTurnNotFound.
func Verify(ctx context.Context, db *store.DB, rules *game.Registry, id campaign.ID, opts VerifyOptions) (*Verification, error) {
	var c *store.Campaign
	if err := db.View(func(tx *store.Tx) (err error) { c, err = tx.Campaign(id); return err }); err != nil {
		return nil, err
	}
	rs, err := rules.Lookup(c.Rules)
	if err != nil {
		return nil, fmt.Errorf("verify %s: %w", id, err)
	}
	first, last := 1, c.Turn-1
	if opts.Turn != 0 {
		if opts.Turn < first || opts.Turn > last {
			return nil, fmt.Errorf("%s has no resolved turn %d: %s: %w", id, opts.Turn, resolvedTurns(c.Turn), store.ErrTurnNotFound)
		}
		first, last = opts.Turn, opts.Turn
	}
	v := &Verification{Campaign: id, Rules: rs.Name(), Version: rs.Version(), Turns: []TurnCheck{}}
	for n := first; n <= last; n++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		check, err := verifyTurn(db, rs, id, n, opts.Force)
		if err != nil {
			return nil, fmt.Errorf("verify %s turn %d: %w", id, n, err)
		}
		v.Turns = append(v.Turns, check)
	}
	return v, nil
}

// resolvedTurns says which turns are resolved when turn open is.
func resolvedTurns(open int) string {
	switch open {
	case 1:
		return "none is resolved yet"
	case 2:
		return "turn 1 is the only one resolved"
	case 3:
		return "turns 1 and 2 are resolved"
	}
	return fmt.Sprintf("turns 1 to %d are resolved", open-1)
}

// verifyTurn resolves turn n again and compares the outcome with the
// record of turn n+1.
func verifyTurn(db *store.DB, rs game.Ruleset, id campaign.ID, n int, force bool) (TurnCheck, error) {
	check := TurnCheck{Turn: n, Verdict: Matches}
	var (
		in   *workflow.Play
		next *store.TurnRecord
	)
	err := db.View(func(tx *store.Tx) error {
		c, err := tx.Campaign(id)
		if err != nil {
			return err
		}
		rec, err := tx.Turn(id, n)
		if err != nil {
			return err
		}
		if next, err = tx.Turn(id, n+1); err != nil {
			return err
		}
		filed, err := tx.TurnOrders(id, n)
		if err != nil {
			return err
		}
		in, err = workflow.LoadPlay(tx, game.Cite(rs, game.TopicForfeitDrop), asResolved(c, rec, next), rec, filed)
		return err
	})
	if err != nil {
		return check, err
	}
	if next.ResolverVersion != rs.Version() {
		why := fmt.Sprintf("resolved by version %d, this pbemd runs version %d", next.ResolverVersion, rs.Version())
		if !force {
			check.Verdict, check.Why = NotCompared, why
			return check, nil
		}
		check.Notes = append(check.Notes, why+": compared all the same, as asked")
	}
	cmp := &comparison{check: &check, d: differences{next: n + 1}}
	if err := cmp.resolution(rs, rs.Resolve(in.Turn), next); err != nil {
		return check, err
	}
	check.Differences, check.More = cmp.d.found, cmp.d.count-len(cmp.d.found)
	if cmp.d.count > 0 {
		check.Verdict = Differs
	}
	return check, nil
}

// asResolved returns campaign c as the resolution of turn rec.State.Turn
// into next read it: that turn open, owed orders by the players then
// still in but for those it was not the turn of (TurnRecord.Waiting), and
// rerun if the GM had rolled back to it. A seat keeps today's Since: a
// player who took the seat after that turn was not dropped in it, as a
// dropped player's seat is not handed on, so a shorter run of forfeits
// changes nothing.
func asResolved(c *store.Campaign, rec, next *store.TurnRecord) *store.Campaign {
	was := c.Clone()
	was.Turn, was.Rerun = rec.State.Turn, 0
	if next.Rerun {
		was.Rerun = was.Turn
	}
	for i := range was.Players {
		s := &was.Players[i]
		s.Out, s.Deadline = "", time.Time{}
		switch p := rec.State.Player(s.Player); {
		case p == nil || !p.Active():
			s.Out = "out before the turn"
		case !slices.Contains(rec.Waiting, s.Player):
			s.Deadline = rec.Deadline
		}
	}
	return was
}

// comparison compares a resolution with the stored record of its next
// turn.
type comparison struct {
	check *TurnCheck
	d     differences
}

// resolution compares the state, the events and the views.
func (cmp *comparison) resolution(rs game.Ruleset, res *game.Result, next *store.TurnRecord) error {
	resolved, err := json.Marshal(res.Next)
	if err != nil {
		return fmt.Errorf("encode the state: %w", err)
	}
	stored, err := json.Marshal(next.State)
	if err != nil {
		return fmt.Errorf("encode the stored state: %w", err)
	}
	events, err := json.Marshal(res.Events)
	if err != nil {
		return fmt.Errorf("encode the events: %w", err)
	}
	cmp.state(resolved, stored, next)
	if !bytes.Equal(events, next.Events) {
		cmp.events(res.Events, next)
	}
	if cmp.d.count > 0 || !bytes.Equal(resolved, stored) {
		return nil // the views would only repeat the differences
	}
	return cmp.views(rs, res.Views, next)
}

// events compares the events the resolution gives with the stored ones,
// which differ.
func (cmp *comparison) events(resolved []game.Event, next *store.TurnRecord) {
	stored, err := workflow.StoredEvents(next)
	if err != nil {
		cmp.d.add(fmt.Sprintf("turn %d's events cannot be read: %v", cmp.d.next, err))
		return
	}
	before := cmp.d.count
	cmp.d.events(resolved, stored)
	if cmp.d.count == before {
		cmp.d.add("events: differ in their encoding")
	}
}

// state compares the state the resolution gives with the stored one. A
// battle settled or a GM command may have changed the stored state since
// it was resolved (TurnRecord.Changed); the digest the resolution kept
// of it then is what the state is checked against.
func (cmp *comparison) state(resolved, stored []byte, next *store.TurnRecord) {
	changed := next.Changed
	if len(changed) == 0 && len(next.Settled) > 0 {
		changed = []string{"battles settled"} // recorded before pbemd said what changed
	}
	since := fmt.Sprintf("turn %d's state changed after it was resolved: %s", cmp.d.next, strings.Join(changed, "; "))
	switch {
	case next.Digest == "" && bytes.Equal(resolved, stored):
	case next.Digest == "" && len(changed) > 0:
		cmp.check.Notes = append(cmp.check.Notes, since+"; resolved before pbemd kept a digest of the state, so the state is not compared")
	case next.Digest == "":
		cmp.d.json("state", resolved, stored)
	case workflow.DigestOf(resolved) != next.Digest:
		cmp.d.add("the resolution gives another state than it gave when the turn was resolved")
		cmp.d.json("state", resolved, stored)
		if len(changed) > 0 {
			cmp.check.Notes = append(cmp.check.Notes, since+"; those changes are among the differences")
		}
	case workflow.DigestOf(stored) == next.Digest:
	case len(changed) > 0:
		cmp.check.Notes = append(cmp.check.Notes, since)
	default:
		cmp.d.add(fmt.Sprintf("turn %d holds a state its resolution did not make, and no battle settled or GM command since explains it", cmp.d.next))
		cmp.d.json("state", resolved, stored)
	}
}

// views compares the views the resolution gives, which the reports sent
// were drawn from, with those rebuilt from the stored state and events,
// which pbemd report shows. What a rebuilt view cannot hold, such as the
// logs of the battles fought, is left out.
func (cmp *comparison) views(rs game.Ruleset, resolved []game.View, next *store.TurnRecord) error {
	events, err := workflow.StoredEvents(next)
	if err != nil {
		return fmt.Errorf("read the stored events: %w", err)
	}
	replayed := rs.Replay(next.State, events)
	if len(replayed) != len(resolved) {
		cmp.d.add(fmt.Sprintf("the resolution gives %d views, the stored state %d", len(resolved), len(replayed)))
		return nil
	}
	for i, v := range resolved {
		sent, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("encode a view: %w", err)
		}
		shown, err := json.Marshal(replayed[i])
		if err != nil {
			return fmt.Errorf("encode a view: %w", err)
		}
		if err := cmp.d.rebuilt(fmt.Sprintf("report of %s", v.Header().Player), sent, shown); err != nil {
			return err
		}
	}
	return nil
}
