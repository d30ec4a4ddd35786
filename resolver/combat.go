package resolver

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
)

// BattleLog is the round-by-round log of a battle the player fought.
type BattleLog struct {
	Battle string `json:"battle"`
	Text   string `json:"text"`
}

// diceSeed derives the seed of one set of dice from the campaign's seed,
// the turn, what the dice are for and where (DESIGN "Determinism"), so
// every roll is reproducible and independent of the others.
func diceSeed(seed uint64, turn int, purpose, place string) uint64 {
	h := fnv.New64a()
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], seed)
	binary.BigEndian.PutUint64(b[8:], uint64(turn))
	h.Write(b[:])
	h.Write([]byte(purpose + "\x00" + place))
	return h.Sum64()
}

// fightBattles fights the battles found this turn with the built-in
// resolver (battles: auto), in the order they were found, each with the
// fleets as the battles before it left them (EaW 5c, 26.0). Losses,
// damage and retreats are applied to the next state; every player learns
// who fought where, with what, and how it ended (EaW 1b, 1e); the sides
// get the log.
func (t *turn) fightBattles() {
	var pending []campaign.Battle
	for _, b := range t.next.Battles {
		if b.Turn != t.prev.Turn {
			pending = append(pending, b)
			continue
		}
		t.fight(b)
	}
	t.next.Battles = pending
}

// fight fights one battle and applies its outcome.
func (t *turn) fight(b campaign.Battle) {
	everyone := t.next.PlayerIDs()
	fleets := t.battleFleets(b)
	setup := t.battleSetup(b, fleets)
	if len(setup.Sides) < 2 {
		t.emit(Event{Kind: EventBattleFought, Players: everyone, At: b.At, Rule: battleRule(b.Lane),
			Text: fmt.Sprintf("Battle %s %s did not happen: the earlier battles left only one side there.", b.ID, t.placeText(b))})
		return
	}
	out, err := battle.Fight(setup)
	if err != nil {
		// A catalogue the loader checked cannot fail here; if it does, the
		// battle waits for the GM rather than vanish.
		t.next.Battles = append(t.next.Battles, b)
		t.emit(Event{Kind: EventBattle, Players: b.Sides, At: b.At, Text: fmt.Sprintf("Battle %s could not be fought automatically (%v); it waits for the GM.", b.ID, err)})
		return
	}
	before := t.sidesText(fleets)
	t.applyOutcome(b, fleets, out)
	t.emit(Event{Kind: EventBattleFought, Players: everyone, At: b.At, Rule: battleRule(b.Lane),
		Text: fmt.Sprintf("Battle %s %s: %s. %s", b.ID, t.placeText(b), before, summary(out))})
	var log strings.Builder
	fmt.Fprintf(&log, "Battle %s %s, turn %d (battle resolver version %d, seed %d)\n\n", b.ID, t.placeText(b), t.prev.Turn, out.Version, out.Seed)
	out.WriteLog(&log)
	t.logs = append(t.logs, foughtLog{sides: b.Sides, log: BattleLog{Battle: b.ID, Text: log.String()}})
}

// battleFleets returns the fleets of a battle as they stand now: the
// battles fought before may have destroyed some.
func (t *turn) battleFleets(b campaign.Battle) []*campaign.Fleet {
	var out []*campaign.Fleet
	for _, bf := range b.Fleets {
		if f := t.next.Fleet(bf.Owner, bf.ID); f != nil && len(f.Units) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// battleSetup builds the battle: one side per empire in the battle's
// order, one squadron per fleet. A side whose every fleet was there when
// the turn began defends; a side that jumped in this turn is marked so
// (001 §7.4c, 7.4d). The stakes follow the place: a home system is a major
// world, a developed one strategic (B5 situational modifiers).
func (t *turn) battleSetup(b campaign.Battle, fleets []*campaign.Fleet) battle.Setup {
	s := battle.Setup{Seed: diceSeed(t.prev.Seed, t.prev.Turn, "battle", b.ID), Situation: battle.Skirmish}
	if b.Lane == nil {
		for _, p := range t.prev.Players {
			if p.Home == b.At {
				s.Situation = battle.Major
			}
		}
		if s.Situation == battle.Skirmish && len(t.prev.DevelopmentsAt(b.At)) > 0 {
			s.Situation = battle.Strategic
		}
	}
	var defenders []int
	for _, owner := range b.Sides {
		side := battle.Side{Player: owner}
		stayed := true
		for _, f := range fleets {
			if f.Owner != owner {
				continue
			}
			if was := t.prev.Fleet(f.Owner, f.ID); was == nil || was.At != f.At {
				stayed = false
				side.Jumped = b.Lane == nil
			}
			sq := battle.Squadron{ID: fmt.Sprintf("%s %s", f.Owner, f.ID)}
			for i, u := range f.Units {
				cls := t.next.Catalogue.Class(u)
				if cls == nil {
					continue
				}
				sq.Ships = append(sq.Ships, battle.Ship{ID: shipID(f, i), Class: u, Stats: cls.BattleStats(), Damage: toBattleDamage(f.DamageOf(i))})
			}
			if len(sq.Ships) > 0 {
				side.Squadrons = append(side.Squadrons, sq)
			}
		}
		if len(side.Squadrons) == 0 {
			continue
		}
		if stayed && b.Lane == nil {
			defenders = append(defenders, len(s.Sides))
		}
		s.Sides = append(s.Sides, side)
	}
	if len(defenders) == 1 {
		s.Sides[defenders[0]].Role = battle.Defender
		s.Sides[defenders[0]].Jumped = false
	}
	return s
}

// shipID names a unit in a battle: its owner, fleet and place in the fleet.
func shipID(f *campaign.Fleet, i int) string {
	return fmt.Sprintf("%s/%s/%d", f.Owner, f.ID, i+1)
}

func toBattleDamage(d campaign.UnitDamage) battle.Damage {
	return battle.Damage{Structure: d.Structure, Attack: d.Attack, Sensor: d.Sensor, Speed: d.Speed}
}

// applyOutcome removes destroyed units, records damage, sends fleets that
// broke off entirely back the way they came (EaW 21.0), and scores
// victory points: the combat BPV of the enemy units destroyed (EaW 4e).
func (t *turn) applyOutcome(b campaign.Battle, fleets []*campaign.Fleet, out *battle.Outcome) {
	fate := make(map[string]battle.ShipResult, len(out.Ships))
	for _, r := range out.Ships {
		fate[r.Ship] = r
	}
	var vp = map[campaign.PlayerID]int{}
	for _, f := range fleets {
		var units []campaign.ClassName
		var damage []campaign.UnitDamage
		inPlace := false
		for i, u := range f.Units {
			r, fought := fate[shipID(f, i)]
			if fought && r.Fate == battle.FateDestroyed {
				if cls := t.next.Catalogue.Class(u); cls != nil {
					for _, enemy := range b.Sides {
						if enemy != f.Owner {
							vp[enemy] += cls.CBPV
						}
					}
				}
				continue
			}
			d := f.DamageOf(i)
			if fought {
				d = campaign.UnitDamage{Structure: r.Damage.Structure, Attack: r.Damage.Attack, Sensor: r.Damage.Sensor, Speed: r.Damage.Speed}
				inPlace = inPlace || r.Fate != battle.FateDisengaged
			}
			if d != (campaign.UnitDamage{}) {
				d.Unit = len(units)
				damage = append(damage, d)
			}
			units = append(units, u)
		}
		f.Units, f.Damage = units, damage
		if len(units) > 0 && !inPlace {
			t.retreat(b, f)
		}
	}
	t.next.Fleets = slices.DeleteFunc(t.next.Fleets, func(f campaign.Fleet) bool { return len(f.Units) == 0 })
	// Victory points go to the sides that destroyed something; with more
	// than two sides, every enemy of the loser shares the credit.
	for _, p := range b.Sides {
		if n := vp[p]; n > 0 {
			if pl := t.next.Player(p); pl != nil {
				pl.VP += n / max(1, len(b.Sides)-1)
			}
		}
	}
}

// retreat moves a fleet that broke off entirely out of the system: back to
// where it started the turn if it came from elsewhere, else to the first
// neighbouring system, by ID, with no hostile fleet (EaW 21.0). A fleet
// with nowhere to go stays. In a lane meeting the fleets are still in the
// systems they left, and stay.
func (t *turn) retreat(b campaign.Battle, f *campaign.Fleet) {
	if b.Lane != nil {
		return
	}
	occ := t.occupants()
	safe := func(s campaign.SystemID) bool { return !hostilePresent(occ[s], f.Owner) }
	to := campaign.SystemID("")
	if was := t.prev.Fleet(f.Owner, f.ID); was != nil && was.At != f.At && safe(was.At) {
		to = was.At
	} else {
		for _, n := range t.graph.Neighbours(f.At) {
			if safe(n) {
				to = n
				break
			}
		}
	}
	if to == "" {
		return
	}
	t.emit(Event{Kind: EventMoved, Players: []campaign.PlayerID{f.Owner}, At: to, Rule: "EaW 21.0",
		Text: fmt.Sprintf("Fleet %s broke off from battle %s and withdrew to %s.", f.ID, b.ID, t.systemName(to))})
	f.At = to
}

// summary says how a battle ended: who held the field after how many
// rounds, and each side's losses.
func summary(out *battle.Outcome) string {
	var b strings.Builder
	switch {
	case out.Winner != "":
		fmt.Fprintf(&b, "After %d rounds %s held the field.", out.Rounds, out.Winner)
	default:
		fmt.Fprintf(&b, "After %d rounds nobody held the field.", out.Rounds)
	}
	for i, sd := range out.Setup.Sides {
		lost := map[battle.Fate][]campaign.ClassName{}
		for _, r := range out.Ships {
			if r.Side == i {
				lost[r.Fate] = append(lost[r.Fate], r.Class)
			}
		}
		var parts []string
		for _, f := range []battle.Fate{battle.FateDestroyed, battle.FateCrippled, battle.FateDisengaged} {
			if len(lost[f]) > 0 {
				parts = append(parts, fmt.Sprintf("%s %s", f, campaign.UnitList(lost[f])))
			}
		}
		if len(parts) == 0 {
			parts = []string{"no losses"}
		}
		fmt.Fprintf(&b, " %s: %s.", sd.Player, strings.Join(parts, "; "))
	}
	return b.String()
}

// foughtLog is a battle's log and who may read it.
type foughtLog struct {
	sides []campaign.PlayerID
	log   BattleLog
}

// attachLogs gives each view the logs of the battles its player fought.
func attachLogs(views []View, logs []foughtLog) {
	for i := range views {
		for _, l := range logs {
			if slices.Contains(l.sides, views[i].Player) {
				views[i].BattleLogs = append(views[i].BattleLogs, l.log)
			}
		}
	}
}
