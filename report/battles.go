package report

// Battles fought outside pbemd (battles: reported): what the sides are
// asked and answered, what the GM decides, and how they end (UTD3.4,
// UTD3.5).

// BattleDecidedBefore answers a second reply to the GM's address for a
// battle, decided When.
type BattleDecidedBefore struct{ Battle, When string }

func (BattleDecidedBefore) text() {}
