package thunderdome

import (
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// View is what one player's report shows. TD IV plays in public (UTD1.13,
// UTD3.1): every view holds the whole map, every empire's accounts and
// every event of the turn, and differs from another player's only in
// whose it is. Under the house rule of vision radii (HouseRules.Vision)
// a view holds only what its player sees (see sight).
type View struct {
	Player   campaign.PlayerID `json:"player"`
	Name     string            `json:"name"`
	Campaign campaign.ID       `json:"campaign"`
	Title    string            `json:"title"`
	// Turn is the player turn the report opens, Resolved the one just
	// played (0 for the first report).
	Turn     int `json:"turn"`
	Resolved int `json:"resolved"`
	// Cycle is the cycle ("1.5"), Year and Season its date (UTD2.2).
	Cycle  string `json:"cycle"`
	Year   int    `json:"year"`
	Season string `json:"season"`
	// Current is the player whose turn is open, and Order the turn order
	// (UTD8.14).
	Current campaign.PlayerID   `json:"current"`
	Order   []campaign.PlayerID `json:"order"`
	// Points is Current's order points this turn (UTD6.2), and Debt the
	// retreat debt paid from them first (UTD7.4663). Under the vision
	// house rule both are 0 in the other players' views.
	Points int `json:"points"`
	Debt   int `json:"debt,omitempty"`
	// Vision is the house rule's vision radius in lanes; 0 for public
	// play (UTD1.13).
	Vision int `json:"vision,omitempty"`
	// Opening is what steps 1–3 of the open turn did (UTD2.3).
	Opening []string `json:"opening,omitempty"`
	// Events are everything that happened in the turn just played.
	Events  []game.Event     `json:"events"`
	Empires []EmpireView     `json:"empires"`
	Sectors []SectorView     `json:"sectors"`
	Lanes   []campaign.Lane  `json:"lanes"`
	Fleets  []campaign.Fleet `json:"fleets"`
	// FleetBPV is the BPV of each fleet of Fleets, in the same order: its
	// units' (UTD1.2), as the map labels them.
	FleetBPV []int `json:"fleet_bpv"`
	// FleetStatus tells, for the fleets with something to tell, their
	// wrecks and traps.
	FleetStatus []FleetStatus `json:"fleet_status,omitempty"`
	// Retreats are fleets on their way out of a sector (UTD7.4665).
	Retreats   []Retreat   `json:"retreats,omitempty"`
	Containers []Container `json:"containers,omitempty"`
	Derelicts  []Derelict  `json:"derelicts,omitempty"`
	// Yards are the shipyards, built or on order, and Docks the ships in
	// dry dock (UTD6.37, UTD6.382, UTD7.6).
	Yards []YardView `json:"yards,omitempty"`
	Docks []Dock     `json:"docks,omitempty"`
	// Defenses are the defense units in sight, arrived or on order
	// (UTD7.3, UTD6.3A).
	Defenses []Defense `json:"defenses,omitempty"`
	// Offers are the orders that fit the player's situation as their
	// turn opens, with their costs: the order template (template.go).
	// Only the view of the player whose turn is open has them.
	Offers []Offer `json:"offers,omitempty"`
	// Battles are the battles the open turn waits for (UTD2.3): no
	// orders are taken until they are settled.
	Battles []string `json:"battles,omitempty"`
	// BattleSites are where the battles of Battles are fought, those in
	// sight under the vision house rule.
	BattleSites []BattleSite `json:"battle_sites,omitempty"`
	// Calling is set while the turn waits for a volunteer to play a
	// non-player empire (UTD5.231): no orders are taken then. Calls are
	// the IDs of the polls that call for one.
	Calling bool     `json:"calling,omitempty"`
	Calls   []string `json:"calls,omitempty"`
	// Ended is set once the campaign is over, and Winner is who won it,
	// empty for nobody (UTD1.9).
	Ended  bool              `json:"ended,omitempty"`
	Winner campaign.PlayerID `json:"winner,omitempty"`

	// Systems is the map, for the picture.
	Systems []campaign.System `json:"systems"`
}

// EmpireView is one empire's public accounts (UTD3.1). Hidden is set
// under the vision house rule for another player's empire: only its
// player, name, home and Out show.
type EmpireView struct {
	Empire
	Name   string `json:"name"`
	Bank   BPV    `json:"bank"`
	Out    string `json:"out,omitempty"`
	Hidden bool   `json:"hidden,omitempty"`
}

// SectorView is one sector as the player sees it. Hidden is set under
// the vision house rule for a sector out of sight: only its ID shows, as
// its name too, since the explorer names it (UTD4.12), and its owner when
// that is the player.
type SectorView struct {
	Sector
	Name         string                 `json:"name"`
	Developments []campaign.Development `json:"developments,omitempty"`
	Pending      []Pending              `json:"pending,omitempty"`
	// NPE is the non-player empire holding the sector (UTD5.2).
	NPE    *NPE `json:"npe,omitempty"`
	Hidden bool `json:"hidden,omitempty"`
}

// FleetStatus is what a report tells of a fleet beyond its units and
// their damage: its wrecked ships, by index into its units (UTD6.3E);
// whether an enemy fortification traps it, since which turn and cycle,
// and its failed siege dice (UTD4.356, UTD4.3563); and the cycle a siege
// or a jail break freed it in, as it moves again from the next
// (UTD4.3561); why it is illegal and its legal intention (UTD7.266).
type FleetStatus struct {
	Owner        campaign.PlayerID `json:"owner"`
	ID           campaign.FleetID  `json:"id"`
	Wrecked      []int             `json:"wrecked,omitempty"`
	Trapped      bool              `json:"trapped,omitempty"`
	TrappedTurn  int               `json:"trapped_turn,omitempty"`
	TrappedCycle string            `json:"trapped_cycle,omitempty"`
	SiegeFails   int               `json:"siege_fails,omitempty"`
	Freed        string            `json:"freed,omitempty"`
	// Loads are what its units that lack part of their full load of
	// fighters and PFs carry (UTD6.3B).
	Loads []Load `json:"loads,omitempty"`
	// Illegal says why the fleet is illegal (UTD7.2661), and Intention is
	// the legal intention declared for it (UTD7.26652).
	Illegal   []string   `json:"illegal,omitempty"`
	Intention *Intention `json:"intention,omitempty"`
}

// fleetStatus tells what x holds of the fleets of st beyond their units,
// for the fleets with something to tell. A fleet is trapped from the turn
// it entered the fortified sector, as entering traps it (reading,
// UTD4.355).
func fleetStatus(st *campaign.State, x *Ext) []FleetStatus {
	var out []FleetStatus
	for _, fs := range x.Fleets {
		s := FleetStatus{Owner: fs.Owner, ID: fs.ID, Wrecked: fs.Wrecked, Trapped: fs.Trapped, SiegeFails: fs.SiegeFails, Intention: x.intention(fs.Owner, fs.ID), Loads: fs.Loads}
		if f := st.Fleet(fs.Owner, fs.ID); f != nil {
			s.Illegal = x.illegal(st, f)
		}
		if fs.Trapped {
			s.TrappedTurn, s.TrappedCycle = fs.Entered, CycleLabel(fs.EnteredCycle)
		}
		if fs.Released != 0 && fs.Released == x.Cycle {
			s.Freed = CycleLabel(fs.Released)
		}
		if len(s.Wrecked) > 0 || s.Trapped || s.Freed != "" || len(s.Illegal) > 0 || s.Intention != nil || len(s.Loads) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// waiting reports whether the turn the view opens waits for its battles
// or for a volunteer to play a non-player empire: nobody owes orders
// until they are settled (UTD2.3 step 8, UTD5.231).
func (v *View) waiting() bool { return len(v.Battles) > 0 || v.Calling }

// Header is what the daemon reads of the view.
func (v *View) Header() game.ViewHeader {
	return game.ViewHeader{Player: v.Player, Turn: v.Turn, Resolved: v.Resolved}
}

// viewsOf gives every player their view of st after events: the public
// view (UTD3.1), or under the vision house rule each player's sight of
// it. x is st's TD IV state, decoded once by the caller: Resolve passes
// the one its turn played on, as saved into st.
func viewsOf(st *campaign.State, x *Ext, events []game.Event) []game.View {
	base := View{Campaign: st.Campaign, Title: st.Title, Turn: st.Turn, Resolved: st.Turn - 1, Cycle: CycleLabel(x.Cycle),
		Current: x.current(), Order: x.Order, Opening: x.Opening, Events: events, Lanes: st.Map.Lanes, Fleets: st.Fleets,
		FleetStatus: fleetStatus(st, x), Retreats: x.Retreats, Containers: x.Containers, Derelicts: x.Derelicts, Yards: x.yardViews(), Docks: x.Docks, Defenses: x.Defenses, Battles: battleIDs(st.Battles), BattleSites: battleSites(st.Battles), Calling: calling(st), Ended: st.Ended, Winner: st.Winner, Systems: st.Map.Systems,
		Vision: x.House.Vision}
	if events == nil {
		base.Resolved = 0
		base.Events = []game.Event{}
	}
	if base.waiting() || st.Ended {
		// No player's turn is open: what opened the last one was told
		// in its report (UTD2.3).
		base.Opening = nil
		base.Calls = callIDs(st)
	}
	year, spring := x.Year(x.Cycle)
	base.Year, base.Season = year, season(spring)
	if e := x.empire(x.current()); e != nil {
		base.Points, base.Debt = x.InitialPlayers+e.Permanent, e.Owed
	}
	for _, e := range x.Empires {
		p := st.Player(e.Player)
		if p == nil {
			continue
		}
		bank := x.bank(st, e.Player)
		e.BankFraction = 0 // the view's bank holds it
		base.Empires = append(base.Empires, EmpireView{Empire: e, Name: p.Name, Bank: bank, Out: p.Out})
	}
	for _, s := range x.Sectors {
		sv := SectorView{Sector: s, Developments: st.DevelopmentsAt(s.ID), NPE: x.npeAt(s.ID)}
		if sys := st.System(s.ID); sys != nil {
			sv.Name = sys.Name
		}
		for _, p := range x.Pending {
			if p.At == s.ID {
				sv.Pending = append(sv.Pending, p)
			}
		}
		base.Sectors = append(base.Sectors, sv)
	}
	var g *campaign.Graph
	if x.House.Vision > 0 {
		g = campaign.NewGraph(st.Map)
	}
	offers := offersFor(st, x, x.current())
	out := make([]game.View, 0, len(st.Players))
	for _, p := range st.Players {
		v := base
		v.Player, v.Name = p.ID, p.Name
		if p.ID == v.Current {
			v.Offers = offers
		}
		if g != nil {
			v.fog(x.sight(st, g, p.ID))
		}
		v.FleetBPV = fleetBPVs(st, v.Fleets)
		out = append(out, &v)
	}
	return out
}

// fog keeps of a public view only what its player sees under the vision
// house rule (HouseRules.Vision): the sectors in sight in full, fleets,
// retreats and dead drops there, the player's own accounts and orders,
// and the events that concern them (turn.audience). The map's sectors
// and lanes, the turn order and the cycle stay public; so do who is out
// and who won.
func (v *View) fog(seen map[campaign.SystemID]bool) {
	if v.Player != v.Current {
		v.Points, v.Debt, v.Opening = 0, 0, nil
	}
	v.Events = keep(v.Events, func(e game.Event) bool { return e.Concerns(v.Player) })
	v.Empires = slices.Clone(v.Empires)
	for i, e := range v.Empires {
		if e.Player != v.Player {
			capital := e.Capital
			if !seen[capital] {
				capital = ""
			}
			v.Empires[i] = EmpireView{Empire: Empire{Player: e.Player, Home: e.Home, Capital: capital}, Name: e.Name, Out: e.Out, Hidden: true}
		}
	}
	v.Sectors = slices.Clone(v.Sectors)
	for i, s := range v.Sectors {
		if seen[s.ID] {
			continue
		}
		h := SectorView{Sector: Sector{ID: s.ID}, Name: string(s.ID), Hidden: true}
		if s.Owner == v.Player {
			h.Owner = s.Owner
		}
		h.Pending = keep(s.Pending, func(p Pending) bool { return p.Owner == v.Player })
		v.Sectors[i] = h
	}
	v.Fleets = keep(v.Fleets, func(f campaign.Fleet) bool { return seen[f.At] })
	inSight := map[campaign.FleetKey]bool{}
	for _, f := range v.Fleets {
		inSight[f.Key()] = true
	}
	v.FleetStatus = keep(v.FleetStatus, func(s FleetStatus) bool { return inSight[campaign.FleetKey{Owner: s.Owner, ID: s.ID}] })
	v.Retreats = keep(v.Retreats, func(r Retreat) bool { return r.Owner == v.Player || seen[r.From] })
	v.Containers = keep(v.Containers, func(c Container) bool { return seen[c.At] })
	v.Derelicts = keep(v.Derelicts, func(d Derelict) bool { return seen[d.At] })
	v.Yards = keep(v.Yards, func(y YardView) bool { return seen[y.At] })
	v.Docks = keep(v.Docks, func(d Dock) bool { return seen[d.At] })
	v.Defenses = keep(v.Defenses, func(d Defense) bool { return seen[d.At] })
	v.BattleSites = keep(v.BattleSites, func(b BattleSite) bool { return seen[b.At] })
	v.Systems = slices.Clone(v.Systems)
	for i := range v.Systems {
		if sys := &v.Systems[i]; !seen[sys.ID] {
			sys.Name, sys.Planet = string(sys.ID), ""
		}
	}
}

// BattleSite is where a pending battle is fought.
type BattleSite struct {
	ID string            `json:"id"`
	At campaign.SystemID `json:"at"`
}

// battleSites are where battles are fought.
func battleSites(bs []campaign.Battle) []BattleSite {
	out := make([]BattleSite, 0, len(bs))
	for _, b := range bs {
		out = append(out, BattleSite{ID: b.ID, At: b.At})
	}
	return out
}

// fleetBPVs is the BPV of each of fleets: its units' (UTD1.2).
func fleetBPVs(st *campaign.State, fleets []campaign.Fleet) []int {
	out := make([]int, len(fleets))
	for i := range fleets {
		out[i] = unitsEBPV(st, fleets[i].Units)
	}
	return out
}

// keep returns the items of list that ok accepts, in a new list; nil
// for none.
func keep[T any](list []T, ok func(T) bool) []T {
	var out []T
	for _, it := range list {
		if ok(it) {
			out = append(out, it)
		}
	}
	return out
}

// sight is what a player sees under the vision house rule: every sector
// within House.Vision lanes of one of their fleets, their capital or one
// of their colonies, mines and fortifications (EaW-style vision radii
// instead of UTD1.13). It is nil under public play.
func (x *Ext) sight(st *campaign.State, g *campaign.Graph, p campaign.PlayerID) map[campaign.SystemID]bool {
	if x.House.Vision <= 0 {
		return nil
	}
	seen, from := map[campaign.SystemID]bool{}, map[campaign.SystemID]bool{}
	look := func(at campaign.SystemID) {
		if at == "" || from[at] {
			return
		}
		from[at] = true
		for _, r := range g.Within(at, x.House.Vision) {
			seen[r.System] = true
		}
	}
	for _, f := range st.Fleets {
		if f.Owner == p {
			look(f.At)
		}
	}
	if e := x.empire(p); e != nil {
		look(e.Capital)
	}
	for _, d := range st.Developments {
		if d.Owner == p {
			look(d.At)
		}
	}
	return seen
}
