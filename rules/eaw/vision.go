package eaw

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// computeVision records what every player's fleets see at the end of the
// turn in t.next's intel, and builds every player's view with this turn's
// events.
func (t *turn) computeVision() []View {
	return see(t.next, t.graph, t.prev.Turn, t.events)
}

// Observe records in st's intel what every player sees when a campaign
// starts, and returns every player's view: what a player knows before the
// first turn.
func Observe(st *campaign.State) []View {
	return see(st, campaign.NewGraph(st.Map), st.Turn-1, nil)
}

// Replay returns the views players got when the turn before st was
// resolved, given that resolution's events: what their reports showed. It
// leaves st alone.
func Replay(st *campaign.State, events []game.Event) []View {
	c := st.Clone()
	return see(c, campaign.NewGraph(c.Map), c.Turn-1, events)
}

// see updates st's intel with the sightings made at the end of turn
// resolved and returns every player's view. The players' views are
// independent of each other, so they are made on every core (eachPlayer).
func see(st *campaign.State, g *campaign.Graph, resolved int, events []game.Event) []View {
	v := newVision(st, g)
	intel := make([]campaign.Intel, len(st.Players))
	views := make([]View, len(st.Players))
	told := tell(st.Players, events)
	eachPlayer(len(st.Players), func(i int) {
		p := st.Players[i]
		intel[i] = remember(st.IntelOf(p.ID), p.ID, v.sightings(p.ID, resolved))
		views[i] = v.view(p, told[i], &intel[i], resolved)
	})
	st.Intel = intel
	return views
}

// eachPlayer calls do for every player's place, 0 to n-1, on as many
// goroutines as there are cores, and returns when every call has
// returned. do must write only what belongs to its place.
func eachPlayer(n int, do func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				do(i)
			}
		})
	}
	wg.Wait()
}

// tell sorts the events out to the players they concern (game.Event.Concerns):
// each player's, in order, by the player's place in players.
func tell(players []campaign.Player, events []game.Event) [][]game.Event {
	place := make(map[campaign.PlayerID]int, len(players))
	for i, p := range players {
		place[p.ID] = i
	}
	// Count first, then fill: each list is allocated once.
	count := make([]int, len(players))
	last := make([]int, len(players)) // 1 + the index of the event last told
	each := func(tell func(i int)) {
		clear(last)
		for n, e := range events {
			for _, p := range e.Players {
				if i, ok := place[p]; ok && last[i] != n+1 {
					last[i] = n + 1
					tell(i)
				}
			}
		}
	}
	each(func(i int) { count[i]++ })
	told := make([][]game.Event, len(players))
	for i, n := range count {
		if n > 0 {
			told[i] = make([]game.Event, 0, n)
		}
	}
	each(func(i int) { told[i] = append(told[i], events[last[i]-1]) })
	return told
}

// remember merges fresh sightings into a player's intel: a fresh sighting
// replaces the older one of its system, and the rest is kept with its age.
func remember(old *campaign.Intel, player campaign.PlayerID, fresh []campaign.Sighting) campaign.Intel {
	out := campaign.Intel{Player: player}
	var kept []campaign.Sighting
	if old != nil {
		kept = old.Systems
	}
	i, j := 0, 0
	for i < len(kept) || j < len(fresh) {
		switch {
		case j == len(fresh) || (i < len(kept) && kept[i].System < fresh[j].System):
			out.Systems = append(out.Systems, kept[i])
			i++
		case i == len(kept) || fresh[j].System < kept[i].System:
			out.Systems = append(out.Systems, fresh[j])
			j++
		default:
			out.Systems = append(out.Systems, fresh[j])
			i++
			j++
		}
	}
	return out
}

// vision holds the indexes every player's view is computed from.
type vision struct {
	st     *campaign.State
	graph  *campaign.Graph
	cbpv   []int
	scout  []bool
	radius []int
	// scoutRadius is how far a fleet's scouts see, or -1 without a scout:
	// scout detail reaches no farther (EaW 5e).
	scoutRadius []int
	byOwner     map[campaign.PlayerID][]int
	index       *campaign.Index
	maps        knownMaps
	bySys       map[campaign.SystemID][]int
	forts       map[campaign.SystemID]bool
	systems     map[campaign.SystemID]*campaign.System
	devs        map[campaign.SystemID]bool
	// bases counts the bases installed at each system (EaW 14.0).
	bases map[campaign.SystemID]int
}

func newVision(st *campaign.State, g *campaign.Graph) *vision {
	v := &vision{
		st: st, graph: g, index: campaign.NewIndex(st), maps: newKnownMaps(st.Map),
		cbpv:        make([]int, len(st.Fleets)),
		scout:       make([]bool, len(st.Fleets)),
		radius:      make([]int, len(st.Fleets)),
		scoutRadius: make([]int, len(st.Fleets)),
		systems:     make(map[campaign.SystemID]*campaign.System, len(st.Map.Systems)),
		byOwner:     map[campaign.PlayerID][]int{},
		bySys:       map[campaign.SystemID][]int{},
		forts:       map[campaign.SystemID]bool{},
		devs:        map[campaign.SystemID]bool{},
		bases:       map[campaign.SystemID]int{},
	}
	classes := make(map[campaign.ClassName]*campaign.UnitClass, len(st.Catalogue))
	for i := range st.Catalogue {
		classes[st.Catalogue[i].Class] = &st.Catalogue[i]
	}
	for i := range st.Map.Systems {
		v.systems[st.Map.Systems[i].ID] = &st.Map.Systems[i]
	}
	for i, f := range st.Fleets {
		v.radius[i], v.scoutRadius[i] = st.Rules.Vision.Radius, -1
		for _, u := range f.Units {
			c := classes[u]
			if c == nil {
				continue
			}
			reach := st.Rules.Vision.Radius
			if c.Vision > 0 {
				reach = c.Vision
			}
			v.radius[i] = max(v.radius[i], reach)
			if c.Scout {
				v.scout[i] = true
				v.scoutRadius[i] = max(v.scoutRadius[i], reach)
			}
		}
		v.cbpv[i] = st.FleetCBPV(&st.Fleets[i])
		v.byOwner[f.Owner] = append(v.byOwner[f.Owner], i)
		v.bySys[f.At] = append(v.bySys[f.At], i)
	}
	for _, d := range st.Developments {
		if d.Kind == campaign.Fortification {
			v.forts[d.At] = true
		} else {
			v.devs[d.At] = true
		}
	}
	for _, b := range st.Bases {
		v.bases[b.At]++
	}
	return v
}

// view is the player's view, with the events that concern them.
func (v *vision) view(p campaign.Player, events []game.Event, intel *campaign.Intel, resolved int) View {
	out := View{
		Campaign: v.st.Campaign, Title: v.st.Title,
		Player: p.ID, Name: p.Name, Race: p.Race,
		Turn: v.st.Turn, Date: v.st.Date(), ResolverVersion: Version, Ended: v.st.Over(), Winner: v.st.Winner, Out: p.Out,
		Treasury: p.Treasury, Budget: v.index.Budget(p.ID), Rules: v.st.Rules,
		Resolved: resolved, Map: v.maps.knownMap(intel),
	}
	if navy := v.byOwner[p.ID]; len(navy) > 0 {
		out.Fleets = make([]FleetView, len(navy))
		for k, i := range navy {
			out.Fleets[k] = v.fleetView(i)
		}
	}
	for _, frd := range v.st.FRDs {
		if frd.Owner == p.ID {
			out.FRDs = append(out.FRDs, frd.At)
		}
	}
	for _, d := range v.st.Developments {
		if d.Owner != p.ID {
			continue
		}
		out.Developments = append(out.Developments, d)
		if d.Developed() && !slices.Contains(out.Disrupted, d.At) && v.index.Disrupted(d.At, p.ID) {
			out.Disrupted = append(out.Disrupted, d.At)
		}
	}
	for _, b := range v.st.Bases {
		if b.Owner == p.ID {
			out.Bases = append(out.Bases, b)
		}
	}
	out.Systems = systemViews(intel, resolved)
	v.knowOwn(out.Systems, p.ID)
	out.Battles = v.battles(p.ID)
	out.Events = events
	return out
}

// fleetView is fleet i as its owner sees it: everything about it, with
// what its units can do from the catalogue (EaW 14.0, 22b, 25b).
func (v *vision) fleetView(i int) FleetView {
	f := &v.st.Fleets[i]
	fv := FleetView{
		ID: f.ID, At: f.At, Units: f.Units, CBPV: v.cbpv[i], Scout: v.scout[i],
		Counts: v.st.CountsForPoints(f),
		Damage: f.Damage, Crews: f.Crews, Captured: f.Captured, Trapped: f.Trapped,
	}
	var roles []campaign.Role // of the inspected ships, in any order
	for k, u := range f.Units {
		c := v.st.Catalogue.Class(u)
		if c == nil {
			continue
		}
		fv.SelfRepair += v.st.SelfRepairLeft(f, k)
		switch {
		case c.IsBase():
			fv.Carried = append(fv.Carried, k)
		case !f.IsCaptured(k):
			roles = append(roles, c.Roles...)
		}
	}
	if len(roles) > 0 {
		for _, role := range campaign.Roles() {
			if slices.Contains(roles, role) {
				fv.Roles = append(fv.Roles, role)
			}
		}
	}
	return fv
}

// sightings applies the vision radius of every fleet the player owns
// (EaW 5e) and keeps, per system, the best detail any of them got. A fleet
// sees as far as its farthest-seeing unit. A fleet that broke off from a
// battle this turn is on the move and sees nothing (EaW 33.0 #5).
func (v *vision) sightings(owner campaign.PlayerID, turn int) []campaign.Sighting {
	// Fleets that stand together and see as far see the same systems: look
	// once from each place and radius, with the farthest scout there.
	type lookout struct {
		at     campaign.SystemID
		radius int
	}
	var places []lookout
	scouts := map[lookout]int{}
	for _, i := range v.byOwner[owner] {
		if w := v.st.Fleets[i].Withdrew; w != 0 && w == turn {
			continue
		}
		l := lookout{v.st.Fleets[i].At, v.radius[i]}
		if r, ok := scouts[l]; !ok || v.scoutRadius[i] > r {
			if !ok {
				places = append(places, l)
			}
			scouts[l] = v.scoutRadius[i]
		}
	}
	seen := map[campaign.SystemID]*campaign.Sighting{}
	for _, l := range places {
		for _, r := range v.graph.Within(l.at, l.radius) {
			sv := seen[r.System]
			if sv == nil {
				sv = &campaign.Sighting{System: r.System, Turn: turn}
				seen[r.System] = sv
			}
			sv.Scout = sv.Scout || r.Hops <= scouts[l] || r.Hops == 0
		}
	}
	ids := make([]campaign.SystemID, 0, len(seen))
	for id := range seen {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	out := make([]campaign.Sighting, len(ids))
	for k, id := range ids {
		sv := seen[id]
		if sys := v.systems[id]; sys != nil {
			sv.Planet, sv.MapType = sys.Planet, sys.MapType
		}
		sv.Fortified = v.forts[id]
		if sv.Scout {
			sv.Developed = v.devs[id]
			sv.Bases = v.bases[id]
			sv.Contacts = v.contacts(id, owner)
		}
		out[k] = *sv
	}
	return out
}

// systemViews turns a player's intel into the systems of their view.
func systemViews(intel *campaign.Intel, resolved int) []SystemView {
	out := make([]SystemView, len(intel.Systems))
	for i, s := range intel.Systems {
		sv := SystemView{ID: s.System, Seen: s.Turn, Current: s.Turn == resolved, Planet: s.Planet,
			Detail: DetailFortified, Fortified: s.Fortified}
		if s.Scout {
			sv.Detail, sv.Developed, sv.Contacts, sv.Bases = DetailScout, s.Developed, s.Contacts, s.Bases
		}
		out[i] = sv
	}
	return out
}

// knowOwn marks the player's own developments in the systems they have
// seen: a player always knows their own (EaW 1b), whatever the detail
// and however old the sighting.
func (v *vision) knowOwn(systems []SystemView, owner campaign.PlayerID) {
	for i := range systems {
		for _, d := range v.index.DevelopmentsAt(systems[i].ID) {
			switch {
			case d.Owner != owner:
			case d.Kind == campaign.Fortification:
				systems[i].Fortified = true
			default:
				systems[i].Developed = true
			}
		}
	}
}

func (v *vision) contacts(at campaign.SystemID, owner campaign.PlayerID) []int {
	var out []int
	for _, i := range v.bySys[at] {
		if v.st.Fleets[i].Owner != owner {
			out = append(out, v.cbpv[i])
		}
	}
	slices.SortFunc(out, func(a, b int) int { return b - a })
	return out
}

// battles lists the pending battles the player takes part in, with every
// fleet in them as it stood when the battle was found.
func (v *vision) battles(owner campaign.PlayerID) []BattleView {
	var out []BattleView
	for _, b := range v.st.Battles {
		if !slices.Contains(b.Sides, owner) {
			continue
		}
		bv := BattleView{ID: b.ID, At: b.At, Lane: b.Lane, Status: "pending"}
		for _, side := range b.Sides {
			s := BattleSide{Player: side}
			for _, f := range b.Fleets {
				if f.Owner != side {
					continue
				}
				bf := BattleFleet{Units: f.Units, CBPV: f.CBPV}
				if side == owner {
					bf.ID = f.ID
				}
				s.Fleets = append(s.Fleets, bf)
			}
			bv.Sides = append(bv.Sides, s)
		}
		out = append(out, bv)
	}
	return out
}
