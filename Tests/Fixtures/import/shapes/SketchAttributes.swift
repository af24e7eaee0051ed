import ActivityKit
import Foundation

/// A drawing shared live: stroke sizes are CGFloat, as the drawing code uses them.
struct SketchAttributes: ActivityAttributes {
    var canvas: String
    var scale: CGFloat

    struct ContentState: Codable, Hashable {
        var strokeWidth: CGFloat
        var opacity: CGFloat?
        var strokes: Int
    }
}
