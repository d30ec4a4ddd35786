package resolver

import (
	"slices"

	"github.com/pbemd/pbemd/campaign"
)

// computeVision builds every player's view of t.next, with this turn's
// events.
func (t *turn) computeVision() []View {
	v := newVision(t.next, t.graph)
	views := make([]View, len(t.next.Players))
	for i, p := range t.next.Players {
		views[i] = v.view(p, t.events)
		views[i].Resolved = t.prev.Turn
	}
	return views
}

// Observe returns every player's view of st with no turn resolved: what a
// player knows when a campaign starts.
func Observe(st *campaign.State) []View {
	v := newVision(st, campaign.NewGraph(st.Map))
	views := make([]View, len(st.Players))
	for i, p := range st.Players {
		views[i] = v.view(p, nil)
	}
	return views
}

// vision holds the indexes every player's view is computed from.
type vision struct {
	st      *campaign.State
	graph   *campaign.Graph
	cbpv    []int
	scout   []bool
	byOwner map[campaign.PlayerID][]int
	bySys   map[campaign.SystemID][]int
	forts   map[campaign.SystemID]bool
	devs    map[campaign.SystemID]bool
}

func newVision(st *campaign.State, g *campaign.Graph) *vision {
	v := &vision{
		st: st, graph: g,
		cbpv:    make([]int, len(st.Fleets)),
		scout:   make([]bool, len(st.Fleets)),
		byOwner: map[campaign.PlayerID][]int{},
		bySys:   map[campaign.SystemID][]int{},
		forts:   map[campaign.SystemID]bool{},
		devs:    map[campaign.SystemID]bool{},
	}
	classes := make(map[campaign.ClassName]*campaign.UnitClass, len(st.Catalogue))
	for i := range st.Catalogue {
		classes[st.Catalogue[i].Class] = &st.Catalogue[i]
	}
	for i, f := range st.Fleets {
		for _, u := range f.Units {
			if c := classes[u]; c != nil {
				v.cbpv[i] += c.CBPV
				v.scout[i] = v.scout[i] || c.Scout
			}
		}
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
	return v
}

func (v *vision) view(p campaign.Player, events []Event) View {
	out := View{
		Campaign: v.st.Campaign, Title: v.st.Title,
		Player: p.ID, Name: p.Name, Race: p.Race,
		Turn: v.st.Turn, Date: v.st.Date(), ResolverVersion: Version, Ended: v.st.Over(),
		Treasury: p.Treasury, Budget: v.st.Budget(p.ID),
		Map: v.st.Map,
	}
	r := v.st.Rules.Budget
	for _, i := range v.byOwner[p.ID] {
		f := v.st.Fleets[i]
		out.Fleets = append(out.Fleets, FleetView{
			ID: f.ID, At: f.At, Units: f.Units, CBPV: v.cbpv[i], Scout: v.scout[i],
			Counts: len(f.Units) >= r.FleetMinShips && v.cbpv[i] >= r.FleetMinCBPV,
		})
	}
	for _, frd := range v.st.FRDs {
		if frd.Owner == p.ID {
			out.FRDs = append(out.FRDs, frd.At)
		}
	}
	for _, d := range v.st.Developments {
		if d.Owner == p.ID {
			out.Developments = append(out.Developments, d)
		}
	}
	out.Systems = v.systems(p.ID)
	out.Battles = v.battles(p.ID)
	for _, e := range events {
		if e.concerns(p.ID) {
			out.Events = append(out.Events, e)
		}
	}
	return out
}

// systems applies the vision radius of every fleet the player owns
// (EaW 5e) and keeps, per system, the best detail any of them got.
func (v *vision) systems(owner campaign.PlayerID) []SystemView {
	seen := map[campaign.SystemID]*SystemView{}
	for _, i := range v.byOwner[owner] {
		f := v.st.Fleets[i]
		for _, r := range v.graph.Within(f.At, v.st.Rules.Vision.Radius) {
			detail := DetailFortified
			if v.scout[i] || r.Hops == 0 {
				detail = DetailScout
			}
			sv := seen[r.System]
			if sv == nil {
				sv = &SystemView{ID: r.System, Detail: detail, Hops: r.Hops}
				seen[r.System] = sv
			}
			if detail == DetailScout {
				sv.Detail = DetailScout
			}
			sv.Hops = min(sv.Hops, r.Hops)
		}
	}
	ids := make([]campaign.SystemID, 0, len(seen))
	for id := range seen {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	out := make([]SystemView, len(ids))
	for k, id := range ids {
		sv := seen[id]
		sv.Fortified = v.forts[id]
		if sv.Detail == DetailScout {
			sv.Developed = v.devs[id]
			sv.Contacts = v.contacts(id, owner)
		}
		out[k] = *sv
	}
	return out
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
