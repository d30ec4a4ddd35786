package battle

import (
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// FuzzFight fights battles with bent stats and options, and checks what
// must always hold: no error for a valid setup, no panic, every ship with
// a fate, a winner only if it alone is left but for held squadrons at the
// round cap, no held ship disengaged, and the same bytes twice.
func FuzzFight(f *testing.F) {
	f.Add(uint64(1), uint8(8), uint8(18), uint8(9), uint8(5), uint8(0), uint8(0), uint8(2))
	f.Add(uint64(7), uint8(0), uint8(1), uint8(0), uint8(0), uint8(3), uint8(6), uint8(1))
	f.Add(uint64(42), uint8(40), uint8(200), uint8(30), uint8(20), uint8(5), uint8(2), uint8(6))
	f.Add(uint64(3), uint8(8), uint8(18), uint8(9), uint8(5), uint8(2), uint8(0), uint8(64+128+1))
	f.Fuzz(func(t *testing.T, seed uint64, attack, structure, def, armor, options, space, volleys uint8) {
		cat := frontier(t)
		s := mirror(t, cat, seed)
		st := &s.Sides[0].Squadrons[0].Ships[0].Stats
		st.Attack, st.Structure, st.Def, st.Armor = int(attack), 1+int(structure), int(def), int(armor)
		s.Volleys, s.MaxRounds = 1+int(volleys)%MaxVolleys, 1+int(options)%12
		s.Sides[0].Withdraw = []Withdraw{WithdrawMorale, WithdrawNever, WithdrawAlways}[options%3]
		s.Sides[1].Role = []Role{Attacker, Defender}[options>>2%2]
		s.Sides[0].Jumped = options&8 != 0
		s.Sides[1].Dispersal = options&16 != 0 && s.Sides[1].Role == Defender
		s.Sides[1].Impulse = options&32 != 0
		s.Situation = []Situation{Skirmish, Strategic, Major}[int(options>>6)%3]
		s.Sides[0].Squadrons[1].Held = volleys&64 != 0
		s.Sides[1].Squadrons[0].Held = volleys&128 != 0
		held := map[string]bool{}
		for _, sd := range s.Sides {
			for _, sq := range sd.Squadrons {
				held[sq.ID] = sq.Held
			}
		}
		if space > 0 {
			s.Sides[0].Leader = &Leader{Name: "L", Leadership: int(space) % 7, Ship: "a2-3"}
		}
		o, err := Fight(s)
		if err != nil {
			t.Fatalf("Fight: %v", err)
		}
		if len(o.Ships) != 16 || o.Rounds < 1 || o.Rounds > s.MaxRounds {
			t.Fatalf("%d ships after %d rounds", len(o.Ships), o.Rounds)
		}
		left := map[campaign.PlayerID]bool{}
		for _, r := range o.Ships {
			switch r.Fate {
			case FateIntact, FateCrippled:
				if !held[r.Squadron] || r.Player == o.Winner || !o.CapReached {
					left[r.Player] = true
				}
			case FateDisengaged:
				if held[r.Squadron] {
					t.Fatalf("held ship %s disengaged", r.Ship)
				}
			case FateDestroyed:
			default:
				t.Fatalf("ship %s: fate %q", r.Ship, r.Fate)
			}
		}
		if len(left) > 1 || len(left) == 1 && !left[o.Winner] || len(left) == 0 && o.Winner != "" {
			t.Fatalf("winner %q with %v left", o.Winner, left)
		}
		again, _ := Fight(s)
		if again.String() != o.String() {
			t.Fatal("the same setup wrote another log")
		}
	})
}
