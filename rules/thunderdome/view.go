package thunderdome

import (
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// View is what one player's report shows. TD IV plays in public (UTD1.13,
// UTD3.1): every view holds the whole map, every empire's accounts and
// every event of the turn, and differs from another player's only in
// whose it is.
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
	// Points is Current's order points this turn (UTD6.2).
	Points int `json:"points"`
	// Opening is what steps 1–3 of the open turn did (UTD2.3).
	Opening []string `json:"opening,omitempty"`
	// Events are everything that happened in the turn just played.
	Events  []game.Event     `json:"events"`
	Empires []EmpireView     `json:"empires"`
	Sectors []SectorView     `json:"sectors"`
	Lanes   []campaign.Lane  `json:"lanes"`
	Fleets  []campaign.Fleet `json:"fleets"`
	// Retreats are fleets on their way out of a sector (UTD7.4665).
	Retreats   []Retreat   `json:"retreats,omitempty"`
	Containers []Container `json:"containers,omitempty"`
	Derelicts  []Derelict  `json:"derelicts,omitempty"`
	// Ended is set once the campaign is over, and Winner is who won it,
	// empty for nobody (UTD1.9).
	Ended  bool              `json:"ended,omitempty"`
	Winner campaign.PlayerID `json:"winner,omitempty"`

	// systems is the map, for the picture.
	Systems []campaign.System `json:"systems"`
}

// EmpireView is one empire's public accounts (UTD3.1).
type EmpireView struct {
	Empire
	Name string `json:"name"`
	Bank int    `json:"bank"`
	Out  string `json:"out,omitempty"`
}

// SectorView is one sector as everyone sees it.
type SectorView struct {
	Sector
	Name         string                 `json:"name"`
	Developments []campaign.Development `json:"developments,omitempty"`
	Pending      []Pending              `json:"pending,omitempty"`
}

// Header is what the daemon reads of the view.
func (v *View) Header() game.ViewHeader {
	return game.ViewHeader{Player: v.Player, Turn: v.Turn, Resolved: v.Resolved}
}

// viewsOf gives every player their view of st after events.
func viewsOf(st *campaign.State, events []game.Event, _ []Outcome) []game.View {
	x, err := load(st)
	if err != nil {
		x = &Ext{}
	}
	base := View{Campaign: st.Campaign, Title: st.Title, Turn: st.Turn, Resolved: st.Turn - 1, Cycle: CycleLabel(x.Cycle),
		Current: x.current(), Order: x.Order, Opening: x.Opening, Events: events, Lanes: st.Map.Lanes, Fleets: st.Fleets,
		Retreats: x.Retreats, Containers: x.Containers, Derelicts: x.Derelicts, Ended: st.Ended, Winner: st.Winner, Systems: st.Map.Systems}
	if events == nil {
		base.Resolved = 0
		base.Events = []game.Event{}
	}
	year, spring := x.Year(x.Cycle)
	base.Year, base.Season = year, season(spring)
	if e := x.empire(x.current()); e != nil {
		base.Points = x.InitialPlayers + e.Permanent
	}
	for _, e := range x.Empires {
		p := st.Player(e.Player)
		if p == nil {
			continue
		}
		base.Empires = append(base.Empires, EmpireView{Empire: e, Name: p.Name, Bank: p.Treasury, Out: p.Out})
	}
	for _, s := range x.Sectors {
		sv := SectorView{Sector: s, Developments: st.DevelopmentsAt(s.ID)}
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
	out := make([]game.View, 0, len(st.Players))
	for _, p := range st.Players {
		v := base
		v.Player, v.Name = p.ID, p.Name
		out = append(out, &v)
	}
	return out
}
