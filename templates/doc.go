// Package templates renders what pbemd mails: turn reports (text and JSON),
// confirmations, error replies and welcome mails.
//
// Reports are rendered from a resolver.View and nothing else, so a report
// cannot show what its player cannot see. Rendering is pure: the same input
// gives the same bytes, which golden files pin.
package templates
