package web

// BundleModule lets the browser tests load one module of the client alone.
var BundleModule = bundle
