// Package claims is a ruleset for tests only, as small as a ruleset can
// be: each turn every player may claim one system of the map, a system
// claimed by several goes to one of them by a die, and everyone sees
// everything. It shows what a third ruleset needs to give the seam
// (package game): it passes gametest.Conformance, and the daemon's tests
// play it by mail. No daemon package knows it.
package claims

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Name is the ruleset's name in scenario files.
const Name = "claims"

// Scenario is a campaign of claims for two players, ada and bo, on three
// systems, with addresses at example.test.
var Scenario = []byte(`campaign: claims
title: Claims
rules: claims
seed: 7
schedule: {every: 72h}
gm: {email: gm@example.test}
players:
  - {id: ada, name: Ada, email: ada@example.test}
  - {id: bo, name: Bo, email: bo@example.test}
map:
  systems:
    - {id: vega, x: 0, y: 0, planet: mineral}
    - {id: tau, x: 1, y: 0, planet: unknown}
    - {id: sol, x: 2, y: 0, planet: unknown}
  lanes: [[vega, tau], [tau, sol]]
units:
  - {class: frigate, cbpv: 60, ebpv: 55, size: 4, docking: 3}
`)

// Ruleset is the claims game. Its zero value is ready to use.
type Ruleset struct{}

var _ game.Ruleset = Ruleset{}

// Name returns "claims".
func (Ruleset) Name() string { return Name }

// Version is 1: the rules have never changed.
func (Ruleset) Version() int { return 1 }

// ext is the ruleset's part of the state: who owns which system, in the
// order they were taken.
type ext struct {
	Owners []Owner `json:"owners"`
}

// Owner is a system and the player who claimed it.
type Owner struct {
	System campaign.SystemID `json:"system"`
	Player campaign.PlayerID `json:"player"`
}

// load reads the ruleset's part of st.
func load(st *campaign.State) (*ext, error) {
	var x ext
	if err := json.Unmarshal(st.Ext, &x); err != nil {
		return nil, fmt.Errorf("claims: read the state of %s: %w", st.Campaign, err)
	}
	return &x, nil
}

// save writes x into st.
func (x *ext) save(st *campaign.State) {
	data, err := json.Marshal(x)
	if err != nil {
		panic(fmt.Sprintf("claims: marshal state: %v", err)) // plain data: cannot fail
	}
	st.Ext = data
}

// owner is who owns a system, or "".
func (x *ext) owner(id campaign.SystemID) campaign.PlayerID {
	for _, o := range x.Owners {
		if o.System == id {
			return o.Player
		}
	}
	return ""
}

// ScenarioSpec: claims reads no keys of its own.
func (Ruleset) ScenarioSpec() game.ScenarioSpec {
	return game.ScenarioSpec{Start: campaign.Date{Year: 1, Season: campaign.Spring}, EndYear: 10}
}

// LoadScenario starts the campaign with every system unclaimed.
func (Ruleset) LoadScenario(p *game.ScenarioPart) {
	x := ext{Owners: []Owner{}}
	x.save(p.State)
}

// Due: every player still in owes a claim by the schedule's next deadline.
func (Ruleset) Due(st *campaign.State, sched campaign.Schedule, now time.Time) ([]game.Due, error) {
	return game.DueTogether(st, sched, now)
}

// Claim is one order: a system, with where the mail names it.
type Claim struct {
	System campaign.SystemID `json:"system"`
	Pos    orders.Pos        `json:"pos"`
}

// kinds reads orders: as a list of system names.
type kinds struct{}

func (kinds) Orders(c *orders.Collector, e orders.Entry) orders.Part {
	names, pos, _ := c.Names(e.Value, "orders", "orders: [vega]")
	out := make([]Claim, len(names))
	for i, n := range names {
		out[i] = Claim{System: campaign.SystemID(n), Pos: pos[i]}
	}
	return orders.NewPart(out)
}

func (kinds) Prefs(c *orders.Collector, n *yaml.Node) orders.Part {
	if n != nil {
		c.Addf(n, "claims has no preferences; remove prefs:")
	}
	return orders.Part{}
}

// Kinds reads the claims of a mail.
func (Ruleset) Kinds() orders.Kinds { return kinds{} }

// Check accepts one claim of a system on the map that nobody owns.
func (Ruleset) Check(st *campaign.State, sub *orders.Submission) (game.Checked, error) {
	x, err := load(st)
	if err != nil {
		return nil, err
	}
	list, err := orders.PartOf[[]Claim](sub.Orders)
	if err != nil {
		return nil, err
	}
	var c orders.Collector
	for i, cl := range list {
		switch {
		case i > 0:
			c.Add(cl.Pos, "", "a player claims one system a turn", "keep one claim")
		case st.System(cl.System) == nil:
			c.Add(cl.Pos, "", fmt.Sprintf("%s is not on the map", cl.System), "claim a system of the map")
		case x.owner(cl.System) != "":
			c.Add(cl.Pos, "", fmt.Sprintf("%s is %s's already", cl.System, x.owner(cl.System)), "claim a system nobody owns")
		}
	}
	return checked(list), c.Err()
}

// checked is a mail's claims.
type checked []Claim

func (c checked) Echo() string {
	var b strings.Builder
	b.WriteString("orders:\n")
	for _, cl := range c {
		fmt.Fprintf(&b, "  - %s\n", cl.System)
	}
	return b.String()
}

func (c checked) Summary() string { return fmt.Sprintf("Claims: %d of 1.\n", len(c)) }

// Resolve gives each system claimed to its claimant, or to one of its
// claimants by a die seeded by the campaign, the turn and the system.
func (Ruleset) Resolve(t game.Turn) *game.Result {
	next := t.State.Clone()
	x, err := load(next)
	if err != nil {
		x = &ext{}
	}
	all := next.PlayerIDs()
	var events []game.Event
	for _, n := range t.Notices {
		events = append(events, game.Event{Kind: game.EventNotice, Players: all, Text: n})
	}
	events = append(events, t.Carried...)
	by := map[campaign.SystemID][]campaign.PlayerID{}
	for _, p := range all {
		sub := t.Orders[p]
		if sub == nil {
			events = append(events, game.Event{Kind: game.EventForfeit, Players: all, Text: fmt.Sprintf("%s claimed nothing.", p)})
			continue
		}
		list, _ := orders.PartOf[[]Claim](sub.Orders)
		if len(list) > 0 && x.owner(list[0].System) == "" && next.System(list[0].System) != nil {
			by[list[0].System] = append(by[list[0].System], p)
		}
	}
	for _, s := range next.Map.Systems {
		who := by[s.ID]
		if len(who) == 0 {
			continue
		}
		h := fnv.New32a()
		h.Write([]byte(s.ID))
		rng := rand.New(rand.NewPCG(next.Seed, uint64(next.Turn)<<32|uint64(h.Sum32())))
		winner := who[rng.IntN(len(who))]
		x.Owners = append(x.Owners, Owner{System: s.ID, Player: winner})
		events = append(events, game.Event{Kind: "claim", Players: all, At: s.ID,
			Text: fmt.Sprintf("%s claimed %s (of %s).", winner, s.ID, strings.Join(names(who), ", "))})
	}
	next.Turn++
	x.save(next)
	return &game.Result{Next: next, Events: events, Views: views(next, x, events)}
}

// names writes player IDs as strings.
func names(ps []campaign.PlayerID) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = string(p)
	}
	return out
}

// View is what a player knows: everything.
type View struct {
	Player   campaign.PlayerID `json:"player"`
	Title    string            `json:"title"`
	Turn     int               `json:"turn"`
	Resolved int               `json:"resolved"`
	Owners   []Owner           `json:"owners"`
	Free     []string          `json:"free"`
	Events   []game.Event      `json:"events"`
}

// Header is whose view it is, and which turn.
func (v *View) Header() game.ViewHeader {
	return game.ViewHeader{Player: v.Player, Turn: v.Turn, Resolved: v.Resolved}
}

// views gives each player their view of st after events; nil events is
// the view before the first turn.
func views(st *campaign.State, x *ext, events []game.Event) []game.View {
	resolved := st.Turn - 1
	if events == nil {
		resolved = 0
	}
	var free []string
	for _, s := range st.Map.Systems {
		if x.owner(s.ID) == "" {
			free = append(free, string(s.ID))
		}
	}
	out := make([]game.View, 0, len(st.Players))
	for _, p := range st.Players {
		v := &View{Player: p.ID, Title: st.Title, Turn: st.Turn, Resolved: resolved, Owners: slices.Clone(x.Owners), Free: free, Events: []game.Event{}}
		for _, e := range events {
			if e.Concerns(p.ID) {
				v.Events = append(v.Events, e)
			}
		}
		out = append(out, v)
	}
	return out
}

// Observe is every player's view of a campaign just started.
func (Ruleset) Observe(st *campaign.State) []game.View {
	x, err := load(st)
	if err != nil {
		x = &ext{}
	}
	return views(st, x, nil)
}

// Replay rebuilds the views a resolution gave.
func (r Ruleset) Replay(next *campaign.State, events []game.Event) []game.View {
	x, err := load(next)
	if err != nil {
		x = &ext{}
	}
	return views(next, x, events)
}

// DecodeView reads a view back from its JSON.
func (Ruleset) DecodeView(data []byte) (game.View, error) {
	var v View
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("claims: read view: %w", err)
	}
	return &v, nil
}

// text writes a view as its report's text.
func text(v game.View) string {
	cv, ok := v.(*View)
	if !ok {
		return fmt.Sprintf("claims: not a view of claims: %T\n", v)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s, turn %d, for %s\n\n", cv.Title, cv.Turn, cv.Player)
	for _, e := range cv.Events {
		fmt.Fprintf(&b, "- %s\n", e.Text)
	}
	for _, o := range cv.Owners {
		fmt.Fprintf(&b, "%s is %s's.\n", o.System, o.Player)
	}
	fmt.Fprintf(&b, "Free: %s.\n", strings.Join(cv.Free, ", "))
	return b.String()
}

// Report is the view as a mail of text alone.
func (Ruleset) Report(v game.View, _ game.ReportOptions) (*game.Report, error) {
	return &game.Report{Subject: fmt.Sprintf("Turn %d report", v.Header().Turn), Text: text(v)}, nil
}

// Digest is the reports one after the other.
func (Ruleset) Digest(items []game.DigestItem, _ game.ReportOptions) (*game.Report, error) {
	var b strings.Builder
	for _, it := range items {
		b.WriteString(text(it.View))
	}
	return &game.Report{Subject: fmt.Sprintf("%d reports", len(items)), Text: b.String()}, nil
}

// Render renders a view as text or JSON.
func (Ruleset) Render(v game.View, f game.Format, _ game.ReportOptions) ([]byte, error) {
	switch f {
	case game.FormatText:
		return []byte(text(v)), nil
	case game.FormatJSON:
		return json.Marshal(v)
	}
	return nil, fmt.Errorf("claims: no %s report", f)
}

// Schema: claims has none.
func (Ruleset) Schema(*campaign.State) []byte { return nil }

// Example claims the first free system.
func (Ruleset) Example(st *campaign.State, _ campaign.PlayerID) game.Example {
	x, err := load(st)
	if err != nil {
		return game.Example{}
	}
	for _, s := range st.Map.Systems {
		if x.owner(s.ID) == "" {
			return game.Example{Order: string(s.ID), Orders: fmt.Sprintf("  - %s   # one claim a turn\n", s.ID)}
		}
	}
	return game.Example{}
}
