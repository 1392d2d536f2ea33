// Replaced by the page itself as it lands; until then the route shows the 'coming soon' placeholder.
export { Component } from './placeholder';
