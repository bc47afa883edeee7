/** The poster frame that sits beside each tutorial video: the same path with `.jpg` instead of `.mp4`. */
export function posterFor(videoPath: string): string {
  return videoPath.replace(/\.[a-z0-9]+$/i, '.jpg');
}
