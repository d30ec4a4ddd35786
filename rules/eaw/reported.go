package eaw

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// ShipRefs lists a battle's units with the names players give them.
func ShipRefs(b campaign.Battle) []game.ShipRef { return game.ShipRefsOf(b) }

// CheckReported checks a reported result against the battle: every ship
// it names fought there, a captor is an enemy ship that came through, a
// ship withdraws to a neighbouring system, only the sides score, and no
// fighters are lost, as EaW keeps none. It returns one sentence per
// problem.
func CheckReported(st *campaign.State, b campaign.Battle, r *orders.BattleResult) []string {
	refs := map[string]game.ShipRef{}
	for _, s := range ShipRefs(b) {
		refs[s.Ref] = s
	}
	fate := r.Fates()
	g := campaign.NewGraph(st.Map)
	var out []string
	for _, s := range r.Ships {
		if _, ok := refs[s.Ship]; !ok {
			out = append(out, fmt.Sprintf("%s: there is no such ship in battle %s (its ships are %s)", s.Ship, b.ID, refList(ShipRefs(b))))
			continue
		}
		if s.Fighters > 0 || s.PFs > 0 {
			out = append(out, fmt.Sprintf("%s: Empires at War keeps no fighters or PFs; leave out fighters: and pfs:", s.Ship))
		}
		switch s.Fate {
		case battle.FateCaptured:
			if p := game.CaptorProblem(b, refs, fate, s); p != "" {
				out = append(out, p)
			}
			if s.To != "" {
				out = append(out, fmt.Sprintf("%s: to: %s: a captured ship joins its captor's fleet (EaW 25.0); leave to: out", s.Ship, s.To))
			}
		case battle.FateDisengaged:
			if !slices.Contains(retreats(g, b), s.Direction) {
				out = append(out, fmt.Sprintf("%s: %s is not a system it could withdraw to (%s)", s.Ship, s.Direction, strings.Join(ids(retreats(g, b)), ", ")))
			}
		}
	}
	for p := range r.VP {
		if !slices.Contains(b.Sides, p) {
			out = append(out, fmt.Sprintf("vp: %s did not fight in battle %s", p, b.ID))
		}
	}
	slices.Sort(out)
	return out
}

// Retreats lists where a ship may withdraw to from a battle: the
// neighbours of its system, or the ends of its lane.
func Retreats(st *campaign.State, b campaign.Battle) []campaign.SystemID {
	return retreats(campaign.NewGraph(st.Map), b)
}

func retreats(g *campaign.Graph, b campaign.Battle) []campaign.SystemID {
	if b.Lane != nil {
		return []campaign.SystemID{b.Lane.A, b.Lane.B}
	}
	return g.Neighbours(b.At)
}

func refList(refs []game.ShipRef) string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = r.Ref
	}
	return strings.Join(out, ", ")
}

func ids(s []campaign.SystemID) []string {
	out := make([]string, len(s))
	for i, id := range s {
		out[i] = string(id)
	}
	return out
}

// ApplyReported applies a battle's final result to the state of the open
// turn, which it changes in place: destroyed and captured units leave
// their fleets, captured ones join the captor's fleet as uninspected
// prizes (EaW 25.0, 25b), crippled ones carry their damage, and
// disengaged ones withdraw to the system named (EaW 21.0, 22.0); every
// unit keeps its damage and crew. The winner of a battle in a lane goes on
// to its target (EaW 5c). The battle leaves the pending list, the sides score their
// VP (EaW 4e), and the returned events tell every player how it ended
// (EaW 1b, 1e). how says who settled it, e.g. "agreed by both sides".
func ApplyReported(st *campaign.State, id string, r *orders.BattleResult, how string) ([]game.Event, error) {
	i := slices.IndexFunc(st.Battles, func(b campaign.Battle) bool { return b.ID == id })
	if i < 0 {
		return nil, fmt.Errorf("battle %s is not pending", id)
	}
	b := st.Battles[i]
	if problems := CheckReported(st, b, r); len(problems) > 0 {
		return nil, fmt.Errorf("battle %s: %s", id, strings.Join(problems, "; "))
	}
	fates := map[string]orders.ShipFate{}
	for _, s := range r.Ships {
		fates[s.Ship] = s
	}
	changes, lost := unitChanges(b, fates)
	prizes, withdrawn := takeChanged(st, changes)
	placeTaken(st, b, prizes, withdrawn)
	for _, p := range b.Sides {
		if pl := st.Player(p); pl != nil {
			pl.VP += r.VP[p]
		}
	}
	st.Battles = slices.Delete(st.Battles, i, i+1)
	events := []game.Event{{Kind: EventBattleFought, Players: st.PlayerIDs(), At: b.At, Rule: "EaW 21.0", Text: settledText(b, r, how, lost)}}
	return append(events, goOnReported(st, b, fates)...), nil
}

// unitChange is what a result does to one unit of a fleet.
type unitChange struct {
	remove bool
	damage int
	to     campaign.SystemID
	captor *game.ShipRef
}

// unitChanges reads each fate of a result as the change it makes to its
// unit, fleet by fleet on the units as the battle found them, matched to
// the fleet's units now by index: a destroyed unit leaves, a captured one
// goes to its captor (EaW 25.0), a crippled one takes its damage, a
// disengaged one withdraws (EaW 21.0). It returns the changes and a line
// for each unit named.
func unitChanges(b campaign.Battle, fates map[string]orders.ShipFate) (map[campaign.FleetKey]map[int]unitChange, []string) {
	changes := map[campaign.FleetKey]map[int]unitChange{}
	refs := ShipRefs(b)
	byRef := map[string]game.ShipRef{}
	for _, ref := range refs {
		byRef[ref.Ref] = ref
	}
	var lost []string
	for _, ref := range refs {
		s, ok := fates[ref.Ref]
		if !ok {
			continue
		}
		k := campaign.FleetKey{Owner: ref.Owner, ID: ref.Fleet}
		if changes[k] == nil {
			changes[k] = map[int]unitChange{}
		}
		c := unitChange{}
		switch s.Fate {
		case battle.FateDestroyed:
			c.remove = true
		case battle.FateCaptured:
			by := byRef[s.By]
			c.remove, c.captor = true, &by
		case battle.FateCrippled:
			c.damage = s.Damage
		case battle.FateDisengaged:
			c.remove, c.to = true, s.Direction
		}
		changes[k][ref.Index] = c
		lost = append(lost, fmt.Sprintf("%s %s %s", ref.Ref, ref.Class, s.Fate))
	}
	return changes, lost
}

// takeChanged makes the changes to the fleets of st: it takes out the
// units that leave, adds the damage of crippled ones, and returns the
// prizes by the captor's fleet (EaW 25.0, 25b) and the units withdrawn
// by fleet and system (EaW 21.0).
func takeChanged(st *campaign.State, changes map[campaign.FleetKey]map[int]unitChange) (prizes map[campaign.FleetKey]*campaign.Fleet, withdrawn map[campaign.FleetKey]map[campaign.SystemID]*campaign.Fleet) {
	prizes = map[campaign.FleetKey]*campaign.Fleet{}
	withdrawn = map[campaign.FleetKey]map[campaign.SystemID]*campaign.Fleet{}
	for _, k := range sortedKeys(changes) {
		f := st.Fleet(k.Owner, k.ID)
		if f == nil {
			continue
		}
		var gone []int
		for _, idx := range slices.Sorted(maps.Keys(changes[k])) {
			if idx >= len(f.Units) {
				continue
			}
			switch c := changes[k][idx]; {
			case c.captor != nil:
				ck := campaign.FleetKey{Owner: c.captor.Owner, ID: c.captor.Fleet}
				if prizes[ck] == nil {
					prizes[ck] = &campaign.Fleet{}
				}
				prizes[ck].Join(prize(f, idx))
				gone = append(gone, idx)
			case c.to != "":
				if withdrawn[k] == nil {
					withdrawn[k] = map[campaign.SystemID]*campaign.Fleet{}
				}
				if withdrawn[k][c.to] == nil {
					withdrawn[k][c.to] = &campaign.Fleet{}
				}
				withdrawn[k][c.to].Join(unitAlone(f, idx))
				gone = append(gone, idx)
			case c.remove:
				gone = append(gone, idx)
			case c.damage > 0:
				d := f.DamageOf(idx)
				d.Unit, d.Structure = idx, d.Structure+c.damage
				setDamage(f, d)
			}
		}
		f.Take(gone)
	}
	return prizes, withdrawn
}

// placeTaken puts the units taken out where they go: prizes join their
// captor's fleet (EaW 25.0), and units withdrawn from a fleet form a new
// fleet in the system they withdrew to, or move the fleet itself when
// all of it withdrew there (EaW 21.0). Fleets left empty are dropped.
func placeTaken(st *campaign.State, b campaign.Battle, prizes map[campaign.FleetKey]*campaign.Fleet, withdrawn map[campaign.FleetKey]map[campaign.SystemID]*campaign.Fleet) {
	for _, k := range sortedKeys(prizes) {
		if f := st.Fleet(k.Owner, k.ID); f != nil {
			f.Join(*prizes[k])
		}
	}
	for _, k := range sortedKeys(withdrawn) {
		for _, to := range slices.Sorted(maps.Keys(withdrawn[k])) {
			units := withdrawn[k][to]
			if f := st.Fleet(k.Owner, k.ID); f != nil && len(f.Units) == 0 {
				f.At = to // the whole fleet withdrew together
				f.Join(*units)
				continue
			}
			nf := campaign.Fleet{Owner: k.Owner, ID: campaign.FleetID(fmt.Sprintf("%s-%s", k.ID, strings.ToLower(b.ID))), At: to}
			nf.Join(*units)
			st.Fleets = append(st.Fleets, nf)
		}
	}
	st.Fleets = slices.DeleteFunc(st.Fleets, func(f campaign.Fleet) bool { return len(f.Units) == 0 })
	slices.SortStableFunc(st.Fleets, func(a, b campaign.Fleet) int { return campaign.CompareKeys(a.Key(), b.Key()) })
}

// settledText tells every player how a battle ended (EaW 1b, 1e): who
// settled it, each unit named and its fate, and the sides' victory
// points (EaW 4e).
func settledText(b campaign.Battle, r *orders.BattleResult, how string, lost []string) string {
	if len(lost) == 0 {
		lost = []string{"every ship came through intact"}
	}
	var vp []string
	for _, p := range b.Sides {
		vp = append(vp, fmt.Sprintf("%s %d", p, r.VP[p]))
	}
	return fmt.Sprintf("Battle %s (turn %d) is settled, %s: %s. Victory points: %s.", b.ID, b.Turn, how, strings.Join(lost, ", "), strings.Join(vp, ", "))
}

// goOnReported takes on the fleets that a settled battle in a lane leaves
// in place, with a ship not destroyed, captured or disengaged, if they are
// of one empire: it won, and they go on to their targets (EaW 5c). It
// returns the events that tell their owner.
func goOnReported(st *campaign.State, b campaign.Battle, fates map[string]orders.ShipFate) []game.Event {
	if b.Lane == nil {
		return nil
	}
	var held []campaign.FleetKey
	for _, ref := range ShipRefs(b) {
		k := campaign.FleetKey{Owner: ref.Owner, ID: ref.Fleet}
		switch fates[ref.Ref].Fate {
		case battle.FateDestroyed, battle.FateCaptured, battle.FateDisengaged:
		default:
			if !slices.Contains(held, k) {
				held = append(held, k)
			}
		}
	}
	if len(held) == 0 || slices.ContainsFunc(held, func(k campaign.FleetKey) bool { return k.Owner != held[0].Owner }) {
		return nil
	}
	t := newTurn(st)
	t.battles(func() {
		for _, k := range held {
			if f := t.fleet(k); f != nil {
				t.advance(b, f)
			}
		}
	})
	*st = *t.next
	return t.events
}

// unitAlone returns unit i of f as a fleet of its own, with its damage,
// crew and capture records; f is left as it was.
func unitAlone(f *campaign.Fleet, i int) campaign.Fleet {
	c := *f
	return c.Take([]int{i})
}

// prize returns unit i of f as taken by an enemy (EaW 25.0): with its
// damage (EaW 25b), a prize crew of no experience, and marked captured
// until its captor inspects it (EaW 9b, 25b).
func prize(f *campaign.Fleet, i int) campaign.Fleet {
	p := unitAlone(f, i)
	p.Crews = nil
	p.Captured = []int{0}
	return p
}

func sortedKeys[V any](m map[campaign.FleetKey]V) []campaign.FleetKey {
	out := make([]campaign.FleetKey, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.SortFunc(out, campaign.CompareKeys)
	return out
}

// FightPending fights a pending battle now with the built-in resolver, as
// when a reported battle's clock runs out (UTD3.5) and the campaign says
// pbemd rolls it. It changes st, the open turn's state, in place and
// returns the events and the log for the sides.
func FightPending(st *campaign.State, id string) ([]game.Event, []game.BattleLog, error) {
	i := slices.IndexFunc(st.Battles, func(b campaign.Battle) bool { return b.ID == id })
	if i < 0 {
		return nil, nil, fmt.Errorf("battle %s is not pending", id)
	}
	b := st.Battles[i]
	t := newTurn(st)
	t.next.Battles = slices.Delete(t.next.Battles, i, i+1)
	t.battles(func() { t.fight(b) })
	*st = *t.next
	var logs []game.BattleLog
	for _, l := range t.logs {
		logs = append(logs, l.log)
	}
	return t.events, logs, nil
}

// Carry puts events that happened while the turn was open, such as the
// settlement of a reported battle, at the head of the result's events and
// of the views of the players they concern: a battle's consequences are
// reported when its result is final, and the next report carries them
// too.
func (r *Result) Carry(events []game.Event) {
	if len(events) == 0 {
		return
	}
	r.Events = append(slices.Clone(events), r.Events...)
	for i := range r.Views {
		var mine []game.Event
		for _, e := range events {
			if e.Concerns(r.Views[i].Player) {
				mine = append(mine, e)
			}
		}
		r.Views[i].Events = append(mine, r.Views[i].Events...)
	}
}
