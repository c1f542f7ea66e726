/**
 * For the inline scripts of the built pages (scripts/route-preload.ts, prerender-signin.ts): ES5
 * that calls `fn` (the source of a function expression or a function's name) once the page's
 * first contentful paint is reported (a PerformanceObserver of paint timing), so that what it
 * loads is not fetched and compiled on the way to that paint. At once in a hidden tab (it paints
 * nothing) or without paint timing; after `fallbackMs` at the latest (a page whose first paint
 * waits for a script).
 */
export function afterFirstPaint(fn: string, fallbackMs = 500): string {
  return `(function(f){var done=0;function go(){if(!done){done=1;f()}}if(document.hidden)return go();`
    + `try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(go,0)}).observe({type:'paint',buffered:true})}catch(e){return go()}`
    + `setTimeout(go,${fallbackMs})})(${fn})`;
}
