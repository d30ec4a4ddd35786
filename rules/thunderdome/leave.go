package thunderdome

import (
	"slices"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// TD IV plays one player at a time, mail by mail, tells the order of
// play, grants the real-life week itself and lets players resign.
var (
	_ game.Sequential      = Ruleset{}
	_ game.TurnOrder       = Ruleset{}
	_ game.ExtensionPolicy = Ruleset{}
	_ game.Resigner        = Ruleset{}
)

// RealLifeDays is the extension of the order clock a player gets at once
// by citing pressing real-life issues, without saying more (UTD3.32).
const RealLifeDays = 7

// RealLifeExtension is the week granted at once on a real-life claim,
// once per turn (UTD3.32). Any other request, a second one or one without
// the claim, is put to every player still in as a vote by mail, carried
// by a supermajority (UTD1.7, UTD3.32; votes.go), or to the GM where the
// campaign decides by its GM (moderation: {decisions: gm}). The same week
// moves a reported battle's clocks on, on a side's real-life claim or as
// both sides ask, once per side and clock (UTD3.44).
func (Ruleset) RealLifeExtension() time.Duration { return RealLifeDays * 24 * time.Hour }

// Queue lists the players still in, in the turn order rolled at setup
// (UTD8.14), from the player whose turn st opens on (UTD2.1). A campaign
// over has none.
func (Ruleset) Queue(st *campaign.State) []campaign.PlayerID {
	x, err := load(st)
	if err != nil || st.Over() {
		return nil
	}
	var out []campaign.PlayerID
	for i := range x.Order {
		p := x.Order[(x.Current+i)%len(x.Order)]
		if pl := st.Player(p); pl != nil && pl.Active() {
			out = append(out, p)
		}
	}
	return out
}

// resigned is why a player who resigned is out.
const resigned = "resigned"

// Resign takes a player out of the campaign at their word: every unit of
// theirs leaves the map at once, and everyone is told (UTD3.91). If one
// player is left on the map, they win and the campaign ends (UTD1.9).
// The open turn is not played; if it was the player's, the moderator
// passes it on.
func (Ruleset) Resign(st *campaign.State, p campaign.PlayerID) (*campaign.State, []game.Event) {
	next := st.Clone()
	x, err := load(next)
	pl := next.Player(p)
	if err != nil || pl == nil || !next.Drop(p, resigned) {
		return next, nil
	}
	events := []game.Event{x.event(next, game.EventDropped, "", "UTD3.91",
		"%s (%s) resigned: every unit of theirs has left the map (UTD3.91).", pl.Name, p)}
	x.leave(next, p, func(kind game.EventKind, at campaign.SystemID, rule, format string, args ...any) {
		events = append(events, x.event(next, kind, at, rule, format, args...))
	})
	if left := x.standing(next); len(left) <= 1 {
		events = append(events, end(next, x, left))
	}
	x.save(next)
	return next, events
}

// leave takes off the map what TD IV keeps of a player out of the
// campaign beside the shared state: the capital, developments and
// retreats on the way, defenses, shipyards, dry docks and construction,
// the legal intentions of their fleets, the fortifications their
// minesweepers destroyed whose colonies and mines still wait (UTD4.353),
// the sectors they own, their fleets' records (UTD3.91), and their ships
// from the lists of the battles waiting for a result, "even if in the
// middle of combat" (leaveBattles). Dead drops stay: they belong to
// whoever takes them. The moderator has taken the player's fleets and
// developments already (campaign.State.Drop), fortifications included,
// so the fleets they trapped are free (UTD4.356). emit tells of the
// battles and the fleets.
func (x *Ext) leave(st *campaign.State, p campaign.PlayerID, emit emitFunc) {
	if e := x.empire(p); e != nil {
		e.Capital, e.Unbanked, e.Temporary, e.Owed, e.RetreatDebt = "", 0, 0, 0, 0
	}
	x.Pending = slices.DeleteFunc(x.Pending, func(d Pending) bool { return d.Owner == p })
	x.Defenses = slices.DeleteFunc(x.Defenses, func(d Defense) bool { return d.Owner == p })
	x.Retreats = slices.DeleteFunc(x.Retreats, func(r Retreat) bool { return r.Owner == p })
	x.Breaches = slices.DeleteFunc(x.Breaches, func(b Breach) bool { return b.By == p })
	x.Intentions = slices.DeleteFunc(x.Intentions, func(it Intention) bool { return it.Owner == p })
	x.leaveYards(p)
	for i := range x.Sectors {
		if x.Sectors[i].Owner == p {
			x.Sectors[i].Owner = ""
		}
	}
	x.leaveBattles(st, p, emit)
	x.freeTrapped(st, p, emit)
	x.prune(st)
}

// emitFunc tells of something that happened, as turn.emit does.
type emitFunc func(kind game.EventKind, at campaign.SystemID, rule, format string, args ...any)

// leaveBattles takes a player's ships off the lists of the battles
// waiting for a result: they left the map (UTD3.91), so no result names
// them. The player stays a side of the battle, which a substitute may
// finish in their stead (UTD3.91); a non-player empire's force a
// volunteer played stays, as it is not theirs.
func (x *Ext) leaveBattles(st *campaign.State, p campaign.PlayerID, emit emitFunc) {
	for i := range st.Battles {
		b := &st.Battles[i]
		n := len(b.Fleets)
		b.Fleets = slices.DeleteFunc(b.Fleets, func(f campaign.BattleFleet) bool { return f.Owner == p && f.ID != npeFleet })
		if len(b.Fleets) < n {
			emit(EventBattle, b.At, "UTD3.91", "Battle %s at %s lists %s's ships no more: they left the map with %s (UTD3.91).", b.ID, b.At, p, p)
		}
	}
}

// freeTrapped frees the fleets that the fortifications of a player who
// left the map trapped: the fortifications left with them (UTD4.356,
// UTD3.91).
func (x *Ext) freeTrapped(st *campaign.State, p campaign.PlayerID, emit emitFunc) {
	for _, f := range st.Fleets {
		fs := x.fleet(f.Owner, f.ID)
		if fs.Trapped && enemyFortAt(st, f.Owner, f.At) == "" {
			fs.Trapped, fs.SiegeFails = false, 0
			emit(EventCapture, f.At, "UTD4.356", "Fleet %s of %s is no longer trapped at %s: the fortification left the map with %s (UTD4.356, UTD3.91).", f.ID, f.Owner, f.At, p)
		}
	}
}

// departures takes off the map, and tells everyone of, each player who
// left the campaign while the turn was open: one who resigned (UTD3.91),
// one the moderator dropped for forfeiting turns in a row (UTD3.31, whose
// units leave as a resigned player's: UTD3.92, reading) or the GM
// dropped.
func (t *turn) departures() {
	for _, p := range t.st.Players {
		if p.Active() || slices.Contains(t.x.Gone, p.ID) {
			continue
		}
		t.x.Gone = append(t.x.Gone, p.ID)
		t.emit(game.EventDropped, "", "UTD3.92", "%s (%s) is out of the campaign: %s. Every unit of theirs has left the map (UTD3.91).", p.Name, p.ID, p.Out)
		t.x.leave(t.st, p.ID, t.emit)
	}
	if p := t.st.Player(t.player); p != nil && !p.Active() {
		t.emit(game.EventNotice, "", "UTD2.1", "%s left during their own turn: it passes to the next player with nothing played.", t.player)
	}
}

// standing lists the players still in with a unit on the map (UTD4.32).
func (x *Ext) standing(st *campaign.State) []campaign.PlayerID {
	var out []campaign.PlayerID
	for _, p := range st.Players {
		if p.Active() && x.onMap(st, p.ID) {
			out = append(out, p.ID)
		}
	}
	return out
}

// onMap reports whether a player has any unit on the map: a fleet, the
// capital, a shipyard or a defense (UTD4.32).
func (x *Ext) onMap(st *campaign.State, p campaign.PlayerID) bool {
	if e := x.empire(p); e != nil && e.Capital != "" {
		return true
	}
	if slices.ContainsFunc(x.Defenses, func(d Defense) bool { return d.Owner == p }) || slices.ContainsFunc(x.Yards, func(y Yard) bool { return y.Owner == p }) {
		return true
	}
	return slices.ContainsFunc(st.Fleets, func(f campaign.Fleet) bool { return f.Owner == p && len(f.Units) > 0 })
}
