package eaw

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// FRDClass is the name an FRD fights under in a battle's log.
const FRDClass campaign.ClassName = "FRD"

// FRDCombat returns the stat block an FRD fights with (EaW 15c, 28.0):
// the catalogue has no class for it, so pbemd gives it one
// (docs/battles.md, "The FRD in battle"). It is a big, slow, unarmed hull:
// easy to hit (Def 7), well armoured (Armor 4), with 30 structure, no
// weapons, no speed and no command.
func FRDCombat() campaign.CombatStats {
	return campaign.CombatStats{Hull: campaign.HullCapital, Def: 7, Armor: 4, Structure: 30}
}

// frdInBattle is an FRD in a meeting of fleets (EaW 28a).
type frdInBattle struct {
	// index is the FRD's place in the state's FRDs.
	index int
	owner campaign.PlayerID
	// ship is its name in the battles' logs.
	ship string
	// host is the fleet it is assigned to: it fights when that fleet
	// fights.
	host campaign.FleetKey
	// damage is what it has lost in the fights so far (EaW 26e).
	damage battle.Damage
	// destroyedIn is the fight that destroyed it, if one did.
	destroyedIn string
}

// frdsInBattle lists the FRDs standing where the meeting is, of an
// empire that fights there (EaW 15c, 28.0): each is assigned to its
// owner's largest fleet there, the first of them in the order of battle
// (EaW 28a iii). A lane meeting has none.
func (t *turn) frdsInBattle(s *series) []*frdInBattle {
	if s.b.Lane != nil {
		return nil
	}
	var out []*frdInBattle
	count := map[campaign.PlayerID]int{}
	for i, frd := range t.next.FRDs {
		if frd.At != s.b.At || !slices.Contains(s.b.Sides, frd.Owner) {
			continue
		}
		count[frd.Owner]++
		f := &frdInBattle{index: i, owner: frd.Owner, ship: fmt.Sprintf("%s/frd-%d", frd.Owner, count[frd.Owner])}
		for _, k := range s.order {
			if k.Owner == frd.Owner {
				f.host = k
				break
			}
		}
		out = append(out, f)
	}
	return out
}

// frdShips returns the FRDs that fight with fleet f in its next fight:
// those assigned to it, and those whose fleet is out of the meeting, as
// an FRD cannot leave (EaW 15.0) and passes to its owner's next fleet to
// fight there.
func (t *turn) frdShips(s *series, f *campaign.Fleet) []battle.Ship {
	var ships []battle.Ship
	for _, frd := range s.frds {
		if frd.destroyedIn != "" || frd.owner != f.Owner {
			continue
		}
		if frd.host != f.Key() && s.live(t, frd.host) == nil {
			frd.host = f.Key()
		}
		if frd.host == f.Key() {
			ships = append(ships, battle.Ship{ID: frd.ship, Class: FRDClass, Stats: FRDCombat(), Damage: frd.damage})
		}
	}
	return ships
}

// frdResults records what a fight did to the FRDs in it. An FRD never
// disengages (EaW 15.0): one the engine lets break off with its fleet
// stays where it is.
func (s *series) frdResults(fight string, out *battle.Outcome) {
	for _, r := range out.Ships {
		for _, frd := range s.frds {
			if r.Ship != frd.ship {
				continue
			}
			frd.damage = r.Damage
			if r.Fate == battle.FateDestroyed {
				frd.destroyedIn = fight
			}
		}
	}
}

// loseFRDs removes the FRDs destroyed in a meeting's fights (EaW 15a).
// Their damage otherwise is not kept: a dock mends itself.
func (t *turn) loseFRDs(s *series) {
	var idx []int
	var lost []lostFRD
	for _, frd := range s.frds {
		if frd.destroyedIn != "" {
			idx = append(idx, frd.index)
			lost = append(lost, lostFRD{owner: frd.owner, at: t.next.FRDs[frd.index].At, told: s.b.Sides,
				kind: EventDestroyed, how: fmt.Sprintf("was destroyed in battle %s", frd.destroyedIn)})
		}
	}
	t.next.FRDs = deleteIndices(t.next.FRDs, idx)
	t.tellFRDsLost(lost)
}

// overrunFRDs settles the FRDs that enemy fleets stand over after the
// battles with none of their owner's fleets there (EaW 15a, 28.0): each
// is captured by the first enemy, by player order, whose fleets there
// carry a commando ship, and serves its captor from then on; with no
// commando ship it is destroyed. Its owner and the enemies there learn of
// it.
func (t *turn) overrunFRDs() {
	occ := t.occupants()
	var idx []int
	var lost []lostFRD
	for i := range t.next.FRDs {
		frd := &t.next.FRDs[i]
		fleets := occ[frd.At]
		if !hostilePresent(fleets, frd.Owner) || slices.ContainsFunc(fleets, func(f *campaign.Fleet) bool { return f.Owner == frd.Owner }) {
			continue
		}
		l := lostFRD{owner: frd.Owner, at: frd.At, told: []campaign.PlayerID{frd.Owner}}
		captor := campaign.PlayerID("")
		for _, p := range t.next.PlayerIDs() {
			for _, f := range fleets {
				if f.Owner != p {
					continue
				}
				if !slices.Contains(l.told, p) {
					l.told = append(l.told, p)
				}
				if captor == "" && t.hasCommando(f) {
					captor = p
				}
			}
		}
		if captor == "" {
			idx = append(idx, i)
			l.kind, l.how = EventDestroyed, "was destroyed: enemy ships stood over it with none of its owner's fleets to defend it"
		} else {
			frd.Owner = captor
			l.kind, l.how = EventCaptured, fmt.Sprintf("was captured by %s's commandos, whose FRD it is now", captor)
		}
		lost = append(lost, l)
	}
	t.next.FRDs = deleteIndices(t.next.FRDs, idx)
	t.tellFRDsLost(lost)
}

// lostFRD is an FRD its owner lost, and who is told.
type lostFRD struct {
	owner campaign.PlayerID
	at    campaign.SystemID
	told  []campaign.PlayerID
	kind  game.EventKind
	how   string
}

// tellFRDsLost tells each lost FRD's owner and the enemies there (EaW
// 15a): the owner keeps every fleet, development and income, but builds
// no ships until they have an FRD again.
func (t *turn) tellFRDsLost(lost []lostFRD) {
	for _, l := range lost {
		who := []campaign.PlayerID{l.owner}
		for _, p := range l.told {
			if !slices.Contains(who, p) {
				who = append(who, p)
			}
		}
		t.emit(game.Event{Kind: l.kind, Players: who, At: l.at, Rule: "EaW 15a",
			Text: fmt.Sprintf("%s's FRD at %s %s.", l.owner, t.systemName(l.at), l.how)})
		// Whether the owner has another FRD is theirs to know (EaW 1b).
		if !slices.ContainsFunc(t.next.FRDs, func(f campaign.FRD) bool { return f.Owner == l.owner }) {
			t.emit(game.Event{Kind: game.EventNotice, Players: []campaign.PlayerID{l.owner}, At: l.at, Rule: "EaW 15a",
				Text: "You have no FRD left: you keep every fleet, development and income, but build no ships until you have a new one (build_frd)."})
		}
	}
}

// deleteIndices returns s without the elements at the given indices.
func deleteIndices[T any](s []T, idx []int) []T {
	if len(idx) == 0 {
		return s
	}
	out := s[:0:0]
	for i, v := range s {
		if !slices.Contains(idx, i) {
			out = append(out, v)
		}
	}
	return out
}
