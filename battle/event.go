package battle

import (
	"fmt"
	"slices"
)

// Event is one step of the battle, usually a die roll. Its fields mean what
// its Kind says; unused fields are zero.
//
// A battle logs thousands of events, so the fields are small: numbers are
// int32, and Kind and What are bytes with names.
type Event struct {
	// Who acts or rolls: a ship, a squadron, a player or a leader.
	Who string
	// Target is the ship fired on or hit, or who a result goes to.
	Target string
	// Side is the index of the side that acts or rolls.
	Side int32
	// Die is the sides of the die rolled, 0 for an event without a roll.
	Die int32
	// Roll is the face rolled; Roll2 the second die of a 2d6.
	Roll, Roll2 int32
	// Mod is what is added to the roll.
	Mod int32
	// Need is the number the roll is compared with: at least Need for
	// to-hit and morale, at most Need for break-off, surprise and pods.
	Need int32
	// N is a number that goes with the event: dice, a round, a band, a
	// differential.
	N    int32
	Kind Kind
	// What says how it came out.
	What Result
}

// Kind says what an event is.
type Kind uint8

// The event kinds, with the fields each one uses.
const (
	// KindArrival: squadron Who rolls Die (d6) Roll and joins in round N
	// (001 §7.4d).
	KindArrival Kind = iota
	// KindShift: squadron or group Who moves to round N, into an empty
	// slot (001 §7.4d) or called by the leader (What = ResultLeader).
	KindShift
	// KindGroup: ship Who goes into dispersal starfleet Target (001 §7.4e).
	KindGroup
	// KindDispersal: Who's group chosen by Roll on d(Die) joins in round N.
	KindDispersal
	// KindSurprise: player Who rolls 2d6 Roll+Roll2 plus leadership Mod
	// against Need (4): ResultSurprised or ResultReady (001 §7.4c).
	KindSurprise
	// KindJoin: ship Who joins the battle in round N.
	KindJoin
	// KindBreakOff: squadron Who rolls d10 Roll with modifier Mod against
	// Need (active ships) at AF differential N (001 §7.4b).
	KindBreakOff
	// KindWarp: damaged ship Who rolls d6; 5–6 and it stays (001 §7.4b).
	KindWarp
	// KindDisengage: ship Who leaves the battle.
	KindDisengage
	// KindRange: the range band becomes N.
	KindRange
	// KindVolley: volley N begins.
	KindVolley
	// KindFire: ship Who fires N dice of d(Die) at Target, needing Need on
	// each die, with bypass Mod (B5 "Firing procedure").
	KindFire
	// KindToHit: one fire-control die: Roll against Need, ResultHit or
	// ResultMiss.
	KindToHit
	// KindDamage: a hit's damage die Roll against armor Need: ResultNone,
	// ResultMinor, ResultModerate or ResultSevere (B5 "Determining
	// damage").
	KindDamage
	// KindSystem: the d6 that picks the system hit on Target: ResultAttack,
	// ResultSensor or ResultSpeed.
	KindSystem
	// KindCascade: a system hit on Target found nothing left of What, and
	// took structure instead.
	KindCascade
	// KindDestroyed: ship Who is destroyed.
	KindDestroyed
	// KindCommandLost: squadron Who lost its commander Target; with What =
	// ResultFlagship the side lost its flagship (B5 "Out of command").
	KindCommandLost
	// KindCommander: squadron Who names Target its commander, or with What
	// = ResultFlagship the side names its flagship.
	KindCommander
	// KindOutOfCommand: ship Who is beyond its new commander's rating and
	// fires at half for the rest of the battle.
	KindOutOfCommand
	// KindPod: leader Who's escape pod, d6 Roll against Need (4); Target is
	// the rescuing ship or the captor (001 §7.4g).
	KindPod
	// KindMorale: squadron Who, at morale N, rolls d12 Roll plus Mod
	// against Need: ResultHolds or ResultWithdraws (B5 "Morale").
	KindMorale
	// KindLosses: side Who has lost N% of its Attack, at least its limit
	// Need, and withdraws.
	KindLosses
	// KindCap: the round cap is reached; What says why side Who withdraws.
	KindCap
	// KindTie: a tie among N sides at the cap is broken by Roll on d(Die).
	KindTie
	// KindHeld: squadron Who is held (Squadron.Held) and stays where it
	// would have tried to break off; at the round cap What says who
	// holds the field.
	KindHeld
)

// Result is how an event came out, in a word.
type Result uint8

// The results.
const (
	// ResultNothing is an event with no result to tell.
	ResultNothing Result = iota
	ResultHit
	ResultMiss
	ResultNone
	ResultMinor
	ResultModerate
	ResultSevere
	ResultAttack
	ResultSensor
	ResultSpeed
	ResultEscaped
	ResultFailed
	ResultPartial
	ResultJumps
	ResultStays
	ResultSurprised
	ResultReady
	ResultHolds
	ResultWithdraws
	ResultCloses
	ResultFlagship
	ResultLeader
	ResultRescued
	ResultCaptured
	ResultLanded
	ResultKilled
	ResultDefender
	ResultStrongest
)

var kindNames = [...]string{
	KindArrival:      "arrival",
	KindShift:        "shift",
	KindGroup:        "group",
	KindDispersal:    "dispersal",
	KindSurprise:     "surprise",
	KindJoin:         "join",
	KindBreakOff:     "break-off",
	KindWarp:         "warp",
	KindDisengage:    "disengage",
	KindRange:        "range",
	KindVolley:       "volley",
	KindFire:         "fire",
	KindToHit:        "to-hit",
	KindDamage:       "damage",
	KindSystem:       "system",
	KindCascade:      "cascade",
	KindDestroyed:    "destroyed",
	KindCommandLost:  "command-lost",
	KindCommander:    "commander",
	KindOutOfCommand: "out-of-command",
	KindPod:          "pod",
	KindMorale:       "morale",
	KindLosses:       "losses",
	KindCap:          "cap",
	KindTie:          "tie",
	KindHeld:         "held",
}

// String returns the kind's name, such as "to-hit".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	i := slices.Index(kindNames[:], string(b))
	if i < 0 {
		return fmt.Errorf("battle: unknown event kind %q", b)
	}
	*k = Kind(i)
	return nil
}

var resultNames = [...]string{
	ResultNothing:   "",
	ResultHit:       "hit",
	ResultMiss:      "miss",
	ResultNone:      "none",
	ResultMinor:     "minor",
	ResultModerate:  "moderate",
	ResultSevere:    "severe",
	ResultAttack:    "attack",
	ResultSensor:    "sensor",
	ResultSpeed:     "speed",
	ResultEscaped:   "escaped",
	ResultFailed:    "failed",
	ResultPartial:   "some escaped",
	ResultJumps:     "jumps",
	ResultStays:     "stays",
	ResultSurprised: "surprised",
	ResultReady:     "ready",
	ResultHolds:     "holds",
	ResultWithdraws: "withdraws",
	ResultCloses:    "closes",
	ResultFlagship:  "flagship",
	ResultLeader:    "leader",
	ResultRescued:   "rescued",
	ResultCaptured:  "captured",
	ResultLanded:    "landed",
	ResultKilled:    "killed",
	ResultDefender:  "defender holds",
	ResultStrongest: "strongest holds",
}

// String returns the result in a word, such as "hit"; empty for none.
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return fmt.Sprintf("result(%d)", r)
}

// MarshalText writes the result's word.
func (r Result) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a result's word.
func (r *Result) UnmarshalText(b []byte) error {
	i := slices.Index(resultNames[:], string(b))
	if i < 0 {
		return fmt.Errorf("battle: unknown event result %q", b)
	}
	*r = Result(i)
	return nil
}
