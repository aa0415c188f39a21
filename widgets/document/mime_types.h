#pragma once
// Mime types shared by the palette (drag source), the canvas (drop target) and
// the clipboard.

namespace cf {

// Payload: the catalog id (UTF-8) of a placeable part.
inline constexpr const char* kPartMimeType = "application/x-clusterforge-part";
// Payload: a design JSON fragment (saveDesignJson of the copied parts and links).
inline constexpr const char* kDesignFragmentMimeType = "application/x-clusterforge-design";

} // namespace cf
