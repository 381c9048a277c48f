// What the assertions' calls need, without `import TimelineKit`: `RenderOptions`, `ImageFormat`,
// the Swift model (`Timeline`, `Card`, `Item`, `Style`, `Status`) and `TimelineKit.render`.
@_exported import TimelineKit
