// Package campaign is the domain model of a pbemd campaign: the map, the
// empires, their fleets, units and developments, the rules preset and the
// state of one turn.
//
// It does no I/O, reads no clock and uses no global randomness. Slices keep a
// fixed order, so a State marshals to the same bytes every time; code here
// never ranges over a Go map without sorting its keys.
//
// Rules are cited by number: EaW for Empires at War, UTD for Thunderdome IV.
package campaign
