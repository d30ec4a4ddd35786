package thunderdome

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
)

// battles fights, at step 8, every sector where fleets of more than one
// player meet (UTD2.3 s8, UTD4.2), with the built-in battle engine. Each
// player fights with one fleet (UTD7.42), as fighter chooses it. The
// current player attacks (UTD7.4511); of the others, the player whose
// fleet came first defends.
// Every fleet of a side that leaves the field retreats one lane at step 6
// of the next player's turn, for a point of debt per sector left
// (UTD7.4661–7.4663). With battles: reported, each battle waits for its
// sides' result instead (reported.go). The current player's meetings with
// non-player empires come first (npe.go).
func (t *turn) battles() {
	t.npeBattles()
	var sites []campaign.SystemID
	for _, f := range t.st.Fleets {
		if !slices.Contains(sites, f.At) && t.x.npeAt(f.At) == nil && len(t.sidesAt(f.At)) > 1 {
			sites = append(sites, f.At)
		}
	}
	for _, at := range sites {
		if t.st.Rules.Battles == campaign.BattlesReported {
			t.await(at)
			continue
		}
		t.fight(at)
	}
}

// sidesAt lists the players with fleets at a sector that stay there, or
// with units holding it (posts: the capital, shipyards, defenses), the
// current player first, then by who came first: units holding the sector
// were there before any fleet.
func (t *turn) sidesAt(at campaign.SystemID) []campaign.PlayerID {
	out := t.postOwners(at)
	first := map[campaign.PlayerID]int{}
	for _, p := range out {
		first[p] = -1
	}
	for _, f := range t.st.Fleets {
		if f.At != at || len(f.Units) == 0 || t.x.retreating(f.Owner, f.ID) {
			continue
		}
		e := t.x.fleet(f.Owner, f.ID).Entered
		if n, ok := first[f.Owner]; !ok || e < n {
			first[f.Owner] = e
		}
		if !slices.Contains(out, f.Owner) {
			out = append(out, f.Owner)
		}
	}
	slices.SortStableFunc(out, func(a, b campaign.PlayerID) int {
		switch {
		case a == t.player:
			return -1
		case b == t.player:
			return 1
		}
		return first[a] - first[b]
	})
	return out
}

// fight fights one battle at a sector. Each side is the fleet its
// player chose (fighter), in one squadron, and the units holding the
// sector that join it (force), in another (UTD7.4233). A side with no
// unit the engine can fight by loses without a fight. Every side that
// does not hold the field loses its units holding the sector, held out
// or not: they neither retreat nor surrender (UTD7.48, UTD7.42342).
// The engine never captures a ship (battle.FateCaptured is for reported
// results), so a battle pbemd fights takes no prizes (reading); a captured
// ship not yet inspected fights in it without firing (UTD7.8).
func (t *turn) fight(at campaign.SystemID) {
	sides := t.sidesAt(at)
	setup := battle.Setup{Seed: seedOf(t.st.Seed, t.st.Turn, "battle "+string(at)), Situation: battle.Skirmish}
	ids := engineIDs{fleets: map[string]*campaign.Fleet{}, postOf: map[string]post{}}
	var who []string
	for i, p := range sides {
		side, line := t.lineUp(ids, at, sides, i, p)
		who = append(who, line)
		if len(side.Squadrons) > 0 {
			setup.Sides = append(setup.Sides, side)
		}
	}
	out := &battle.Outcome{}
	if len(setup.Sides) > 1 {
		var err error
		if out, err = battle.Fight(setup); err != nil {
			t.emit(EventBattle, at, "UTD2.3", "The battle at %s could not be fought: %v.", at, err)
			return
		}
	} else if len(setup.Sides) == 1 {
		out.Winner = setup.Sides[0].Player
	}
	fates, razed := t.outcomeFates(ids, out)
	for _, p := range sides {
		if p != out.Winner {
			razed = append(razed, t.posts(p, at)...)
		}
	}
	fates = append(fates, t.razePosts(at, razed)...)
	t.emit(EventBattle, at, "UTD7.44", "%s.", foughtText(at, who, fates, out.Winner))
	for _, p := range sides {
		if p != out.Winner && !t.x.npeFights(at, p) { // an NPE never leaves (UTD5.24)
			t.retreat(p, at)
		}
	}
}

// engineIDs are the fleet of each ship and the post each unit holding
// the sector is, by the battle engine's ship ID.
type engineIDs struct {
	fleets map[string]*campaign.Fleet
	postOf map[string]post
}

// lineUp draws up player p, the i-th of sides at a sector: the current
// player attacks, the last of the others defends, as does the other of
// two (UTD7.4511); its fleet (fighter) is one squadron and the units
// holding the sector that join it (force) another (UTD7.4233). It
// returns the side, with no squadron when it has none to fight with, and
// a line that tells it.
func (t *turn) lineUp(ids engineIDs, at campaign.SystemID, sides []campaign.PlayerID, i int, p campaign.PlayerID) (battle.Side, string) {
	f := t.fighter(p, at)
	side := battle.Side{Player: p, Role: battle.Attacker}
	if i == len(sides)-1 && p != t.player || len(sides) == 2 && i == 1 {
		side.Role = battle.Defender
	}
	var units []campaign.ClassName
	var desc []string
	if f != nil {
		units = f.Units
		side.Squadrons = append(side.Squadrons, t.fleetSquadron(ids, p, f))
		desc = append(desc, fmt.Sprintf("fleet %s (%s)", f.ID, campaign.UnitList(f.Units)))
	}
	in, out := t.force(p, at, units)
	if sq := t.postSquadron(ids, p, in); len(sq.Ships) > 0 {
		side.Squadrons = append(side.Squadrons, sq)
	}
	if len(in) > 0 {
		desc = append(desc, fmt.Sprintf("the units holding %s (%s)", at, campaign.UnitList(postNames(in))))
	}
	if len(out) > 0 {
		desc = append(desc, fmt.Sprintf("%s held out (UTD7.4234)", campaign.UnitList(postNames(out))))
	}
	return side, fmt.Sprintf("%s with %s", p, strings.Join(desc, " and "))
}

// fleetSquadron is player p's fleet f as a squadron, each ship with its
// damage; a captured ship not yet inspected only moves and raises its
// shields (UTD7.8): it fires at nothing and commands no one.
func (t *turn) fleetSquadron(ids engineIDs, p campaign.PlayerID, f *campaign.Fleet) battle.Squadron {
	sq := battle.Squadron{ID: fmt.Sprintf("%s %s", p, f.ID)}
	for j, u := range f.Units {
		cls := t.st.Catalogue.Class(u)
		if cls == nil {
			continue
		}
		id := fmt.Sprintf("%s/%s/%d", p, f.ID, j+1)
		d := f.DamageOf(j)
		stats := cls.BattleStats()
		if f.IsCaptured(j) {
			stats.Attack, stats.Command = 0, 0
		}
		sq.Ships = append(sq.Ships, battle.Ship{ID: id, Class: u, Stats: stats,
			Damage: battle.Damage{Structure: d.Structure, Attack: d.Attack, Sensor: d.Sensor, Speed: d.Speed}})
		ids.fleets[id] = f
	}
	return sq
}

// postSquadron is player p's units holding the sector that join the
// fight, in, as a squadron of those the engine can fight by, each with
// its damage.
func (t *turn) postSquadron(ids engineIDs, p campaign.PlayerID, in []post) battle.Squadron {
	sq := battle.Squadron{ID: fmt.Sprintf("%s %s", p, postsFleet)}
	for j, pt := range in {
		cls := t.st.Catalogue.Class(pt.name)
		if !pt.stats || cls == nil {
			continue
		}
		id := fmt.Sprintf("%s/%s/%d", p, postsFleet, j+1)
		stats := cls.BattleStats()
		d := t.postDamage(pt, stats.Structure)
		sq.Ships = append(sq.Ships, battle.Ship{ID: id, Class: pt.name, Stats: stats,
			Damage: battle.Damage{Structure: d.Structure, Attack: d.Attack, Sensor: d.Sensor, Speed: d.Speed}})
		ids.postOf[id] = pt
	}
	return sq
}

// outcomeFates carries the engine's outcome into the state: a unit
// holding the sector that is destroyed is razed, one that is not keeps
// its damage; a fleet's ship destroyed leaves it, one that is not keeps
// its damage and loses the fighters and PFs the damage costs. It returns
// the lines that tell the fleets' losses and the posts to raze.
func (t *turn) outcomeFates(ids engineIDs, out *battle.Outcome) (fates []string, razed []post) {
	lost := map[*campaign.Fleet][]int{}
	for _, r := range out.Ships {
		if pt, ok := ids.postOf[r.Ship]; ok {
			if r.Fate == battle.FateDestroyed {
				razed = append(razed, pt)
				continue
			}
			structure := t.st.Catalogue.Class(pt.name).BattleStats().Structure
			t.setPostDamage(pt, campaign.UnitDamage{Structure: r.Damage.Structure, Attack: r.Damage.Attack, Sensor: r.Damage.Sensor, Speed: r.Damage.Speed}, structure)
			continue
		}
		f := ids.fleets[r.Ship]
		var j int
		fmt.Sscanf(r.Ship[strings.LastIndex(r.Ship, "/")+1:], "%d", &j)
		j--
		switch r.Fate {
		case battle.FateDestroyed:
			lost[f] = append(lost[f], j)
			fates = append(fates, fmt.Sprintf("%s's %s destroyed", r.Player, r.Class))
		default:
			if lostUnits := t.x.battleAttrition(t.st, f, j, r.Damage.Structure); !lostUnits.IsZero() {
				fates = append(fates, fmt.Sprintf("%s's %s lost %s", r.Player, r.Class, lostUnits))
			}
			setDamage(f, campaign.UnitDamage{Unit: j, Structure: r.Damage.Structure, Attack: r.Damage.Attack, Sensor: r.Damage.Sensor, Speed: r.Damage.Speed})
		}
	}
	// In fleet order, not the map's: take may add fleet records.
	for _, f := range slices.SortedFunc(maps.Keys(lost), func(f, g *campaign.Fleet) int {
		return cmp.Or(cmp.Compare(f.Owner, g.Owner), cmp.Compare(f.ID, g.ID))
	}) {
		t.x.take(f, lost[f]) // the ships left keep their marks (UTD6.3E, UTD4.335, UTD6.3736)
	}
	t.st.Fleets = slices.DeleteFunc(t.st.Fleets, func(f campaign.Fleet) bool { return len(f.Units) == 0 })
	return fates, razed
}

// foughtText tells a battle fought at a sector: its sides, who, what
// befell their ships and posts, fates, and who holds the field
// (UTD7.44).
func foughtText(at campaign.SystemID, who, fates []string, winner campaign.PlayerID) string {
	text := fmt.Sprintf("Battle at %s (UTD2.3 step 8): %s", at, strings.Join(who, " against "))
	if len(fates) > 0 {
		text += "; " + strings.Join(fates, ", ")
	}
	if winner != "" {
		text += fmt.Sprintf("; %s holds the field (UTD7.44)", winner)
	} else {
		text += "; nobody holds the field"
	}
	return text
}

// fighter is the fleet that fights for a player at a sector (UTD7.421):
// the one the player chose for the sector (prefs: defend:, UTD7.423) if
// it is there, else the one with the most combat BPV, the first in the
// state's order among equals. The attacker chooses by organizing its
// fleets before the battle (UTD7.422), or by the same preference.
func (t *turn) fighter(p campaign.PlayerID, at campaign.SystemID) *campaign.Fleet {
	if e := t.x.empire(p); e != nil {
		if f := t.st.Fleet(p, e.Defend[at]); f != nil && f.At == at && len(f.Units) > 0 && !t.x.retreating(p, f.ID) {
			return f
		}
	}
	var best *campaign.Fleet
	for i := range t.st.Fleets {
		f := &t.st.Fleets[i]
		if f.Owner == p && f.At == at && !t.x.retreating(p, f.ID) && (best == nil || t.st.FleetCBPV(f) > t.st.FleetCBPV(best)) {
			best = f
		}
	}
	return best
}

// retreat sends every fleet of a player at a sector one lane away
// (UTD7.4661, UTD7.4662): to the sector it began the turn in when a lane
// leads there, else to the first sector a lane leads to that holds no
// enemy fleet or fortification, else the first (reading). The player owes
// a point for the sector left (UTD7.4663).
func (t *turn) retreat(p campaign.PlayerID, at campaign.SystemID) { t.retreatVia(p, at, "") }

// retreatTo is where a player's fleets retreat from a sector when the
// player names no lane: the first sector a lane leads to that holds no
// enemy fleet or fortification, else the first (reading, UTD7.46722).
func (t *turn) retreatTo(p campaign.PlayerID, at campaign.SystemID) campaign.SystemID {
	next := t.g.Neighbours(at)
	if len(next) == 0 {
		return ""
	}
	for _, s := range next {
		if enemyFleetAt(t.st, p, s) == "" && enemyFortAt(t.st, p, s) == "" {
			return s
		}
	}
	return next[0]
}

// retreatVia is retreat through the lane to via, all fleets the same way
// (UTD7.464, UTD7.4662); with via empty, as retreat chooses.
func (t *turn) retreatVia(p campaign.PlayerID, at, via campaign.SystemID) {
	to := via
	if to == "" {
		to = t.retreatTo(p, at)
	}
	if to == "" {
		return
	}
	any := false
	for _, f := range t.st.Fleets {
		if f.Owner != p || f.At != at || t.x.retreating(p, f.ID) {
			continue
		}
		dest := to
		if s := t.x.fleet(p, f.ID).Started; via == "" && s != "" && s != at && t.g.Adjacent(at, s) && p == t.player {
			dest = s
		}
		t.x.Retreats = append(t.x.Retreats, Retreat{Owner: p, Fleet: f.ID, From: at, To: dest, Turn: t.st.Turn})
		t.emit(EventRetreat, at, "UTD7.4665", "Fleet %s of %s retreats from %s to %s, arriving on the next player's turn (UTD7.4665).", f.ID, p, at, dest)
		any = true
	}
	if e := t.x.empire(p); any && e != nil {
		e.RetreatDebt++
	}
}

// seedOf derives a seed for the battle engine from the campaign's seed,
// the turn and a purpose.
func seedOf(seed uint64, turn int, purpose string) uint64 {
	d := dice(seed, turn, purpose, 2, 1<<30)
	return uint64(d[0])<<30 | uint64(d[1])
}

// setDamage records what a unit has lost; none leaves no record.
func setDamage(f *campaign.Fleet, d campaign.UnitDamage) {
	f.Damage = slices.DeleteFunc(f.Damage, func(o campaign.UnitDamage) bool { return o.Unit == d.Unit })
	if d != (campaign.UnitDamage{Unit: d.Unit}) {
		f.Damage = append(f.Damage, d)
		slices.SortFunc(f.Damage, func(a, b campaign.UnitDamage) int { return a.Unit - b.Unit })
	}
}

// captures settles step 9 (UTD2.3 s9) wherever one player's fleets hold
// a sector alone: an enemy fortification falls to a minesweeper of theirs
// (UTD4.352), and the enemy colonies and mines beside it wait for that
// player's next turn (UTD4.353, breach); where no enemy fortification
// stood, enemy colonies and mines are captured by a fleet with a troop
// ship unless the player chose to destroy them there (prefs: raze:), else
// destroyed (UTD4.332, UTD4.333, UTD4.342, UTD4.343); dead-drop
// containers pay them (UTD6.3D1) and derelicts join their fleets
// (UTD6.3D2). The current player's breaches of their last turn end here.
func (t *turn) captures() {
	held := map[campaign.SystemID]campaign.PlayerID{}
	var order []campaign.SystemID
	for _, f := range t.st.Fleets {
		if t.x.retreating(f.Owner, f.ID) {
			continue
		}
		if p, ok := held[f.At]; !ok {
			held[f.At] = f.Owner
			order = append(order, f.At)
		} else if p != f.Owner {
			held[f.At] = "-"
		}
	}
	for _, at := range order {
		p := held[at]
		if p == "-" {
			continue
		}
		switch {
		case enemyFortAt(t.st, p, at) != "" && t.hasRole(p, at, campaign.RoleMinesweeper):
			t.sweep(p, at)
		case enemyFortAt(t.st, p, at) == "" && t.mayTake(p, at):
			t.take(p, at)
		}
		t.pickUp(p, at)
	}
	t.closeBreaches()
}

// sweep destroys the enemy fortification at a sector that the player's
// minesweeper holds (UTD4.352). The enemy colonies and mines there are
// taken only by staying until the player's next turn (UTD4.353): a breach.
func (t *turn) sweep(p campaign.PlayerID, at campaign.SystemID) {
	t.st.Developments = slices.DeleteFunc(t.st.Developments, func(d campaign.Development) bool {
		return d.At == at && d.Owner != p && d.Kind == campaign.Fortification
	})
	t.emit(EventCapture, at, "UTD4.352", "%s's minesweeper destroyed the enemy fortification at %s (UTD4.352).", p, at)
	if held := t.enemyHoldings(p, at); len(held) > 0 {
		t.x.Breaches = append(t.x.Breaches, Breach{At: at, By: p, Turn: t.st.Turn})
		t.emit(EventCapture, at, "UTD4.353", "%s takes %s at %s only if its fleet stays there until %s's next turn (UTD4.353).",
			p, strings.Join(held, " and "), at, p)
	}
	t.untrap(at)
}

// enemyHoldings names the colonies and mines of other players than p at
// a sector: "hydran's mine".
func (t *turn) enemyHoldings(p campaign.PlayerID, at campaign.SystemID) []string {
	var out []string
	for _, d := range t.st.Developments {
		if d.At == at && d.Owner != p && d.Kind != campaign.Fortification {
			out = append(out, fmt.Sprintf("%s's %s", d.Owner, d.Kind))
		}
	}
	return out
}

// mayTake reports whether the player holding a sector alone may take the
// enemy colonies and mines there now: where their minesweeper destroyed
// the fortification, only at step 9 of their next turn, with a fleet
// there since it fell (UTD4.353: "if the Enemy Fleet remains in Sector X
// on Turn Y+1").
func (t *turn) mayTake(p campaign.PlayerID, at campaign.SystemID) bool {
	i := slices.IndexFunc(t.x.Breaches, func(b Breach) bool { return b.At == at && b.By == p })
	if i < 0 {
		return true
	}
	b := t.x.Breaches[i]
	if t.player != p || b.Turn >= t.st.Turn {
		return false
	}
	return slices.ContainsFunc(t.st.Fleets, func(f campaign.Fleet) bool {
		return f.Owner == p && f.At == at && !t.x.retreating(p, f.ID) && t.x.fleet(p, f.ID).Entered <= b.Turn
	})
}

// take captures or destroys the enemy colonies and mines at a sector the
// player holds alone (UTD4.332, UTD4.333, UTD4.342, UTD4.343).
func (t *turn) take(p campaign.PlayerID, at campaign.SystemID) {
	troops := t.hasCommando(p, at)
	for i := range t.st.Developments {
		d := &t.st.Developments[i]
		if d.At != at || d.Owner == p || d.Kind == campaign.Fortification {
			continue
		}
		switch {
		case troops && t.x.razes(p, at):
			t.emit(EventCapture, at, "UTD4.333", "%s's fleet destroyed %s's %s at %s: %s chose to destroy rather than capture there (UTD4.333, UTD4.343).",
				p, d.Owner, d.Kind, at, p)
			d.Owner = ""
		case troops:
			t.emit(EventCapture, at, "UTD4.332", "%s's troop ship captured %s's %s at %s (UTD4.332, UTD4.342).", p, d.Owner, d.Kind, at)
			d.Owner = p
		default:
			t.emit(EventCapture, at, "UTD4.333", "%s's fleet destroyed %s's %s at %s (UTD4.333, UTD4.343).", p, d.Owner, d.Kind, at)
			d.Owner = ""
		}
	}
	t.st.Developments = slices.DeleteFunc(t.st.Developments, func(d campaign.Development) bool { return d.Owner == "" })
}

// closeBreaches ends, at step 9 of the current player's next turn, the
// breaches of their minesweepers: what was not taken now remains
// (UTD4.353: "If the Enemy Fleet moves from Sector X on Turn Y+1, then
// the enemy mine remains").
func (t *turn) closeBreaches() {
	t.x.Breaches = slices.DeleteFunc(t.x.Breaches, func(b Breach) bool {
		if b.By != t.player || b.Turn >= t.st.Turn {
			return false
		}
		if held := t.enemyHoldings(b.By, b.At); len(held) > 0 {
			t.emit(EventCapture, b.At, "UTD4.353", "%s at %s remains: %s does not hold the sector alone with a fleet there since the fortification fell (UTD4.353).",
				strings.Join(held, " and "), b.At, b.By)
		}
		return true
	})
}

// pickUp gives the player holding a sector the dead drops of other
// players there: 100 BPV a container (UTD6.3D1), and every derelict, as
// captured ships (UTD6.3D2).
func (t *turn) pickUp(p campaign.PlayerID, at campaign.SystemID) {
	var keep []Container
	for _, c := range t.x.Containers {
		if c.At != at || c.Owner == p {
			keep = append(keep, c)
			continue
		}
		bpv := whole(containerWorth * c.Count)
		t.credit(p, bpv)
		t.emit(EventCapture, at, "UTD6.3D1", "%s picked up %s of %s at %s: %s BPV (UTD6.3D1).", p, plural(c.Count, "container"), c.Owner, at, bpv)
	}
	t.x.Containers = keep
	var stay []Derelict
	for _, d := range t.x.Derelicts {
		if d.At != at || d.Owner == p {
			stay = append(stay, d)
			continue
		}
		t.salvage(p, at, d)
	}
	t.x.Derelicts = stay
}

// salvage captures a derelict's ships for the player holding its sector
// (UTD6.3D2): each is a captured ship, organized at once as the player
// chose (UTD6.3I, captured.go).
func (t *turn) salvage(p campaign.PlayerID, at campaign.SystemID, d Derelict) {
	for _, u := range d.Units {
		t.organize(prize{ship: shipTaken(u), from: string(d.Owner), captor: p, at: at,
			rule: "derelict, UTD6.3D2"})
	}
}

// hasRole reports whether a fleet of the player at a sector holds a
// unit of the role.
func (t *turn) hasRole(p campaign.PlayerID, at campaign.SystemID, r campaign.Role) bool {
	return t.anyUnit(p, at, func(c *campaign.UnitClass) bool { return c.Has(r) })
}

// razes reports whether the player chose to destroy, not capture, the
// enemy colonies and mines they take at a sector (prefs: raze:, UTD4.333,
// UTD4.343).
func (x *Ext) razes(p campaign.PlayerID, at campaign.SystemID) bool {
	e := x.empire(p)
	return e != nil && slices.Contains(e.Raze, at)
}

// hasCommando reports whether a fleet of the player at a sector holds a
// troop ship (commando: true in the catalogue, UTD4.332).
func (t *turn) hasCommando(p campaign.PlayerID, at campaign.SystemID) bool {
	return t.anyUnit(p, at, func(c *campaign.UnitClass) bool { return c.Commando })
}

func (t *turn) anyUnit(p campaign.PlayerID, at campaign.SystemID, ok func(*campaign.UnitClass) bool) bool {
	for _, f := range t.st.Fleets {
		if f.Owner != p || f.At != at || t.x.retreating(p, f.ID) {
			continue
		}
		for _, u := range f.Units {
			if c := t.st.Catalogue.Class(u); c != nil && ok(c) {
				return true
			}
		}
	}
	return false
}

// untrap frees the fleets at a sector that no enemy fortification holds
// any more (UTD4.356): once it falls, nothing traps them.
func (t *turn) untrap(at campaign.SystemID) {
	for _, f := range t.st.Fleets {
		if fs := t.x.fleet(f.Owner, f.ID); f.At == at && fs.Trapped && enemyFortAt(t.st, f.Owner, at) == "" {
			fs.Trapped, fs.SiegeFails = false, 0
			t.emit(EventCapture, at, "UTD4.356", "Fleet %s of %s is no longer trapped at %s: the fortification is gone (UTD4.356).", f.ID, f.Owner, at)
		}
	}
}
