// Package gametest checks that a ruleset honours what the daemon asks of
// the seam (package game), as testing/fstest.TestFS does for an fs.FS.
// Every ruleset's tests call Conformance with a scenario of its own and
// orders it accepts and refuses; a new ruleset starts by passing it.
package gametest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Options are what Conformance plays: a scenario, and orders for its
// first turn.
type Options struct {
	// Scenario is a valid scenario file of the ruleset.
	Scenario []byte
	// Orders are mails of orders for turn 1 that Check accepts, at most
	// one per player; Conformance adds, for each player due without
	// orders here, the order their Example gives, if any.
	Orders [][]byte
	// Refused are mails of orders for turn 1, from a player due, that
	// Check refuses with orders.Problems. At least one is needed.
	Refused [][]byte
	// Now is when the campaign starts; zero takes 2026-11-23 12:00 UTC.
	Now time.Time
}

// Conformance checks rs against what the daemon relies on:
//   - its name, version and order kinds are set, and a scenario loads the
//     same way twice;
//   - the state survives a JSON round trip, as the store keeps it, and
//     plays the same after one;
//   - Due names players of the state, not before the turn opens;
//   - Check accepts the good orders and the due players' examples, refuses
//     the bad with orders.Problems, and changes the state in neither case;
//     a Preparer's prepared check says what Check says;
//   - Resolve, twice on the same turn, gives the same bytes, changes not
//     the state it was given, opens the next turn, and gives one view per
//     player, which Replay rebuilds and DecodeView reads back;
//   - every view renders as a report mail and as text;
//   - the add-ons the ruleset has agree with each other and with Due.
func Conformance(t *testing.T, rs game.Ruleset, opts Options) {
	t.Helper()
	if opts.Now.IsZero() {
		opts.Now = time.Date(2026, time.November, 23, 12, 0, 0, 0, time.UTC)
	}
	c := &conformance{rs: rs, opts: opts}
	t.Run("identity", c.identity)
	if !t.Run("scenario", c.scenario) {
		return
	}
	t.Run("state", c.state)
	t.Run("due", c.due)
	if !t.Run("check", c.check) {
		return
	}
	if !t.Run("resolve", c.resolve) {
		return
	}
	t.Run("views", c.views)
	t.Run("add-ons", c.addOns)
}

// conformance is one run of Conformance: the ruleset, and what each
// step leaves the next.
type conformance struct {
	rs    game.Ruleset
	opts  Options
	sc    *config.Scenario
	subs  map[campaign.PlayerID]*orders.Submission
	res   *game.Result
	first []game.View
}

func (c *conformance) identity(t *testing.T) {
	if c.rs.Name() == "" {
		t.Error("Name() is empty")
	}
	if c.rs.Version() <= 0 {
		t.Errorf("Version() = %d, want a version above 0 to stamp into turns", c.rs.Version())
	}
	if c.rs.Kinds() == nil {
		t.Error("Kinds() is nil: no mail of orders could be read")
	}
	if s := c.rs.Schema(nil); s != nil && !json.Valid(s) {
		t.Errorf("Schema(nil) is not JSON: %.80s", s)
	}
}

func (c *conformance) scenario(t *testing.T) {
	reg := game.NewRegistry(c.rs)
	sc, err := config.ParseScenario("conformance.yaml", c.opts.Scenario, reg)
	if err != nil {
		t.Fatalf("ParseScenario = %v", err)
	}
	again, err := config.ParseScenario("conformance.yaml", c.opts.Scenario, reg)
	if err != nil {
		t.Fatalf("ParseScenario, again = %v", err)
	}
	if a, b := marshal(t, sc.State), marshal(t, again.State); !bytes.Equal(a, b) {
		t.Error("the scenario loaded twice gives two states")
	}
	if sc.State.Rules.Preset != c.rs.Name() {
		t.Errorf("the state's rules are %q, want %q", sc.State.Rules.Preset, c.rs.Name())
	}
	if s := c.rs.Schema(sc.State); s != nil && !json.Valid(s) {
		t.Errorf("Schema(st) is not JSON: %.80s", s)
	}
	c.sc = sc
}

// state: the state the store keeps as JSON reads back the same.
func (c *conformance) state(t *testing.T) {
	data := marshal(t, c.sc.State)
	back := roundTrip(t, c.sc.State)
	if again := marshal(t, back); !bytes.Equal(data, again) {
		t.Errorf("the state changed through JSON:\n%s\nbecame\n%s", data, again)
	}
}

func (c *conformance) due(t *testing.T) {
	st := c.sc.State
	due, err := c.rs.Due(st, c.sc.Schedule, c.opts.Now)
	if err != nil {
		t.Fatalf("Due = %v", err)
	}
	if len(due) == 0 {
		t.Fatal("Due names nobody for the first turn")
	}
	for _, d := range due {
		if p := st.Player(d.Player); p == nil || !p.Active() {
			t.Errorf("Due names %q, who is no player still in", d.Player)
		}
		if d.By.Before(c.opts.Now) || d.By.Location() != time.UTC {
			t.Errorf("Due: %s by %v, want a time in UTC not before %v", d.Player, d.By, c.opts.Now)
		}
	}
	again, _ := c.rs.Due(st, c.sc.Schedule, c.opts.Now)
	if !slices.Equal(due, again) {
		t.Errorf("Due = %v, then %v", due, again)
	}
}

// check checks the good orders and the bad, and keeps the good for
// resolve.
func (c *conformance) check(t *testing.T) {
	st := c.sc.State
	before := marshal(t, st)
	c.subs = map[campaign.PlayerID]*orders.Submission{}
	for _, m := range c.opts.Orders {
		sub := c.parse(t, m)
		if c.subs[sub.Player] != nil {
			t.Fatalf("Options.Orders has two mails of %s", sub.Player)
		}
		c.subs[sub.Player] = sub
	}
	due, _ := c.rs.Due(st, c.sc.Schedule, c.opts.Now)
	for _, d := range due {
		if ex := c.rs.Example(st, d.Player); ex.Order != "" && c.subs[d.Player] == nil {
			c.subs[d.Player] = c.parse(t, fmt.Appendf(nil, "campaign: %s\nplayer: %s\nturn: %d\nfinal: true\norders:\n  - %s\n",
				st.Campaign, d.Player, st.Turn, ex.Order))
		}
	}
	if len(c.subs) == 0 {
		t.Error("no orders to play: give Options.Orders, or an Example for a player due")
	}
	for _, p := range slices.Sorted(maps.Keys(c.subs)) {
		checked, err := c.rs.Check(st, c.subs[p])
		if err != nil {
			t.Errorf("Check(%s's orders) = %v, want them accepted", p, err)
			continue
		}
		if checked.Echo() == "" {
			t.Errorf("Check(%s's orders): the echo is empty", p)
		}
		if pr, ok := c.rs.(game.Preparer); ok {
			prepared, err := pr.Prepare(st)(c.subs[p])
			if err != nil || prepared.Echo() != checked.Echo() || prepared.Summary() != checked.Summary() {
				t.Errorf("Prepare(st)(%s's orders) = %v, not what Check says", p, err)
			}
		}
	}
	if len(c.opts.Refused) == 0 {
		t.Error("Options.Refused is empty: give orders Check must refuse")
	}
	for _, m := range c.opts.Refused {
		sub := c.parse(t, m)
		_, err := c.rs.Check(st, sub)
		if ps := (orders.Problems{}); !errors.As(err, &ps) || len(ps) == 0 {
			t.Errorf("Check(%s) = %v, want orders.Problems", m, err)
		}
	}
	if after := marshal(t, st); !bytes.Equal(before, after) {
		t.Error("Check changed the state it checked against")
	}
}

// parse reads a mail of orders with the ruleset's kinds.
func (c *conformance) parse(t *testing.T, mail []byte) *orders.Submission {
	t.Helper()
	sub, err := orders.Parse(mail, orders.Only(c.rs.Kinds()))
	if err != nil {
		t.Fatalf("orders.Parse(%s) = %v", mail, err)
	}
	return sub
}

func (c *conformance) resolve(t *testing.T) {
	st := c.sc.State
	before := marshal(t, st)
	turn := game.Turn{State: st, Orders: c.subs, Notices: []string{"A notice from the moderator."}}
	res := c.rs.Resolve(turn)
	if after := marshal(t, st); !bytes.Equal(before, after) {
		t.Error("Resolve changed the state it was given")
	}
	want := marshal(t, res)
	if again := marshal(t, c.rs.Resolve(turn)); !bytes.Equal(want, again) {
		t.Error("Resolve of the same turn twice gives two results")
	}
	turn.State = roundTrip(t, st)
	if read := marshal(t, c.rs.Resolve(turn)); !bytes.Equal(want, read) {
		t.Error("Resolve of the state read back from JSON gives another result")
	}
	if res.Next == nil {
		t.Fatal("Resolve gives no next state")
	}
	if res.Next.Turn != st.Turn+1 {
		t.Fatalf("Resolve: the next state opens turn %d, want %d", res.Next.Turn, st.Turn+1)
	}
	ids := st.PlayerIDs()
	for _, e := range res.Events {
		for _, p := range e.Players {
			if !slices.Contains(ids, p) {
				t.Errorf("event %q tells %q, no player of the campaign", e.Text, p)
			}
		}
	}
	c.wantViews(t, "Resolve", res.Views, res.Next, st.Turn)
	if got := marshal(t, c.rs.Replay(res.Next, res.Events)); !bytes.Equal(got, marshal(t, res.Views)) {
		t.Error("Replay(next, events) does not rebuild the views Resolve gave")
	}
	c.res = res
	c.first = c.rs.Observe(st)
	c.wantViews(t, "Observe", c.first, st, 0)
}

// wantViews checks that views holds one view per player of st, in order,
// each opening st's turn after resolved.
func (c *conformance) wantViews(t *testing.T, what string, views []game.View, st *campaign.State, resolved int) {
	t.Helper()
	ids := st.PlayerIDs()
	if len(views) != len(ids) {
		t.Fatalf("%s gives %d views, want one per player, %d", what, len(views), len(ids))
	}
	for i, v := range views {
		want := game.ViewHeader{Player: ids[i], Turn: st.Turn, Resolved: resolved}
		if h := v.Header(); h != want {
			t.Errorf("%s: view %d has header %+v, want %+v", what, i, h, want)
		}
	}
}

// views: every view reads back from JSON and renders.
func (c *conformance) views(t *testing.T) {
	opts := game.ReportOptions{Deadline: c.opts.Now.Add(72 * time.Hour), Location: time.UTC}
	for _, v := range append(slices.Clone(c.first), c.res.Views...) {
		h := v.Header()
		data := marshal(t, v)
		back, err := c.rs.DecodeView(data)
		if err != nil {
			t.Fatalf("DecodeView(%s's view of turn %d) = %v", h.Player, h.Turn, err)
		}
		if got := marshal(t, back); !bytes.Equal(got, data) {
			t.Errorf("%s's view of turn %d changed through JSON", h.Player, h.Turn)
		}
		r, err := c.rs.Report(v, opts)
		if err != nil || r.Subject == "" || r.Text == "" {
			t.Errorf("Report(%s's view of turn %d) = %v; want a subject and a text", h.Player, h.Turn, err)
		}
		if text, err := c.rs.Render(v, game.FormatText, opts); err != nil || len(text) == 0 {
			t.Errorf("Render(%s's view of turn %d, text) = %v; want a text", h.Player, h.Turn, err)
		}
	}
	items := []game.DigestItem{{View: c.first[0], Deadline: opts.Deadline}, {View: c.res.Views[0], Deadline: opts.Deadline}}
	if d, err := c.rs.Digest(items, opts); err != nil || d.Text == "" {
		t.Errorf("Digest of two reports = %v; want a text", err)
	}
}

// addOns: the add-ons rs has agree with each other and with Due.
func (c *conformance) addOns(t *testing.T) {
	st := c.sc.State
	due, _ := c.rs.Due(st, c.sc.Schedule, c.opts.Now)
	if q, ok := c.rs.(game.TurnOrder); ok {
		queue := q.Queue(st)
		if len(queue) == 0 || len(due) != 1 || queue[0] != due[0].Player {
			t.Errorf("TurnOrder: Queue = %v, Due = %v; want the player due first", queue, due)
		}
	}
	if s, ok := c.rs.(game.Sequential); ok && len(due) > 0 && c.subs[due[0].Player] != nil {
		sub := c.subs[due[0].Player]
		before := marshal(t, sub)
		if got := s.Amend(nil, sub); !bytes.Equal(marshal(t, got), before) {
			t.Error("Sequential: Amend(nil, orders) is not the orders")
		}
		s.Amend(sub, sub)
		if !bytes.Equal(marshal(t, sub), before) {
			t.Error("Sequential: Amend changed the orders it was given")
		}
	}
	if v, ok := c.rs.(game.Voting); ok {
		for n := 1; n <= 12; n++ {
			if need := v.Need(n); need < 1 || need > n || (n > 1 && need < v.Need(n-1)) {
				t.Errorf("Voting: Need(%d) = %d, want from Need(%d) to %d", n, need, n-1, n)
			}
		}
		if v.VoteRule() == "" {
			t.Error("Voting: VoteRule is empty")
		}
	}
	if e, ok := c.rs.(game.ExtensionPolicy); ok && e.RealLifeExtension() < 0 {
		t.Errorf("ExtensionPolicy: RealLifeExtension = %v, want 0 or more", e.RealLifeExtension())
	}
	if cal, ok := c.rs.(game.Calendar); ok && cal.TurnDate(st) == "" {
		t.Error("Calendar: TurnDate is empty")
	}
	if r, ok := c.rs.(game.Resigner); ok {
		c.resign(t, r)
	}
	if g, ok := c.rs.(game.ScenarioGenerator); ok {
		size := game.ScenarioSize{Systems: 12, Players: 2, Seed: 1}
		a := g.GenerateScenario(size)
		if !bytes.Equal(a, g.GenerateScenario(size)) {
			t.Error("ScenarioGenerator: the same size gives two scenarios")
		}
		if _, err := config.ParseScenario("generated.yaml", a, game.NewRegistry(c.rs)); err != nil {
			t.Errorf("ScenarioGenerator: the scenario generated does not load: %v", err)
		}
	}
}

// resign: a player who resigns is out of the state Resign returns, and
// the state given is unchanged.
func (c *conformance) resign(t *testing.T, r game.Resigner) {
	st := c.sc.State
	before := marshal(t, st)
	p := st.Players[0].ID
	next, _ := r.Resign(st, p)
	if pl := next.Player(p); pl == nil || pl.Active() {
		t.Errorf("Resigner: %s is still in after resigning", p)
	}
	if !bytes.Equal(marshal(t, st), before) {
		t.Error("Resigner: Resign changed the state it was given")
	}
}

// marshal is json.Marshal, failing the test on an error.
func marshal(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json.Marshal(%T) = %v", v, err)
	}
	return data
}

// roundTrip is st written as JSON and read back, as the store keeps it.
func roundTrip(t *testing.T, st *campaign.State) *campaign.State {
	t.Helper()
	var back campaign.State
	if err := json.Unmarshal(marshal(t, st), &back); err != nil {
		t.Fatalf("read the state back from JSON: %v", err)
	}
	return &back
}
