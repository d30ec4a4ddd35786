// Package replay plays stored campaigns and scenarios again, with no
// daemon and no mail: Verify resolves every stored turn of a campaign
// again from its stored state, orders and seed and compares the outcome
// byte for byte with what was stored; Simulate plays a scenario from
// order files and writes each turn's state, events and reports to a
// directory. Both only read the store.
package replay
