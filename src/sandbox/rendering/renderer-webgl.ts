/**
 * WebGL2 renderer: every body in one draw. Each body is a quad (two triangles) around it; the
 * fragment shader evaluates the rounded rectangle's signed distance (the same shape the physics
 * collides) and turns it into coverage over one device pixel, so circles, boxes, rounded rects
 * and capsules are one shape with anti-aliased edges at any zoom.
 *
 * The body data (the instance buffer, six words a body) is uploaded once per frame as an
 * integer texture, and the vertex shader fetches body gl_VertexID / 6 from it. Not an instanced
 * draw: software rasterisers (SwiftShader, what headless Chromium and GPU-less machines use)
 * run an instanced draw one instance at a time, about 21 µs per instance; this draw took
 * 117 ms for 50,000 bodies where the instanced one took 1,100 ms (same shaders, same machine).
 * On a GPU both are a fraction of a millisecond, and the upload is the same 24 bytes a body.
 *
 * A fence after each frame tells `ready` when the GPU is done with it, so the page never queues
 * a frame behind one the GPU has not finished.
 */
import { BACKGROUND } from '../shared/palette';
import { INSTANCE_STRIDE } from '../shared/body-instances';
import type { Camera } from '../shared/camera';
import { sizeCanvas } from './canvas-size';
import { GRID_AXIS, GRID_MAJOR, GRID_MINOR, gridStep } from './grid';
import type { Renderer } from './renderer';

/** Texels per row of the body texture (even, so a body's two texels share a row; WebGL2 allows at least 2048). */
const BODY_TEXTURE_WIDTH = 2048;
/** Words per RGB32UI texel. */
const TEXEL_WORDS = 3;
/** Texels per body: (x, y, halfWidth) and (halfHeight, radius, colour): the instance layout, six words. */
const TEXELS_PER_BODY = INSTANCE_STRIDE / TEXEL_WORDS;

const BODY_VERTEX = `#version 300 es
uniform highp usampler2D uBodies;
uniform vec2 uClipPerMetre;
uniform float uPixel; // metres per device pixel
out vec2 vLocal;
out vec3 vShape;
out vec4 vColor;
void main() {
  int body = gl_VertexID / 6;
  int corner = gl_VertexID - body * 6;
  int t = body * ${TEXELS_PER_BODY};
  ivec2 at = ivec2(t % ${BODY_TEXTURE_WIDTH}, t / ${BODY_TEXTURE_WIDTH});
  uvec4 a = texelFetch(uBodies, at, 0);
  uvec4 b = texelFetch(uBodies, at + ivec2(1, 0), 0);
  vec2 center = uintBitsToFloat(a.xy);
  vec3 shape = vec3(uintBitsToFloat(a.z), uintBitsToFloat(b.xy));
  uint c = b.z; // RGBA bytes, r lowest
  vColor = vec4(uvec4(c, c >> 8, c >> 16, c >> 24) & 255u) / 255.0;
  // Two triangles: (-,-) (+,-) (-,+) and (-,+) (+,-) (+,+).
  vec2 side = vec2(corner == 1 || corner == 4 || corner == 5 ? 1.0 : -1.0, corner == 2 || corner == 3 || corner == 5 ? 1.0 : -1.0);
  // Grow the quad by two pixels so the anti-aliased edge is never clipped.
  vec2 extent = shape.xy + shape.z + 2.0 * uPixel;
  vLocal = side * extent;
  vShape = shape;
  gl_Position = vec4((center + vLocal) * uClipPerMetre, 0.0, 1.0);
}`;

const BODY_FRAGMENT = `#version 300 es
precision highp float;
in vec2 vLocal;
in vec3 vShape;
in vec4 vColor;
uniform float uPixel;
out vec4 outColor;
void main() {
  // Signed distance to the rounded rect: inner box (hw, hh) grown by r.
  vec2 q = abs(vLocal) - vShape.xy;
  float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - vShape.z;
  float coverage = clamp(0.5 - d / uPixel, 0.0, 1.0);
  if (coverage <= 0.0) discard;
  // A darker rim 1.5 px wide outlines bodies that touch; a soft top light gives depth. Bodies a
  // few pixels across get no rim, or at 50,000 bodies zoomed out the rims would be all you see.
  float extentPx = (min(vShape.x, vShape.y) + vShape.z) / uPixel;
  float rim = clamp(1.0 + (d / uPixel + 1.5), 0.0, 1.0) * smoothstep(2.0, 6.0, extentPx);
  float light = 1.0 + 0.12 * clamp(vLocal.y / (vShape.y + vShape.z + uPixel), -1.0, 1.0);
  vec3 color = mix(vColor.rgb * light, vColor.rgb * 0.45, rim);
  outColor = vec4(color * coverage, coverage);
}`;

const GRID_VERTEX = `#version 300 es
layout(location = 0) in vec2 aCorner;
uniform vec2 uHalfView; // metres from the centre to the viewport's edges
out vec2 vOffset;
void main() {
  vOffset = aCorner * uHalfView;
  gl_Position = vec4(aCorner, 0.0, 1.0);
}`;

const GRID_FRAGMENT = `#version 300 es
precision highp float;
in vec2 vOffset;
uniform vec2 uCentreMod; // camera centre modulo ten minor steps, m (keeps float precision)
uniform vec2 uCentre;    // camera centre, m (for the axes)
uniform float uStep;     // minor spacing, m
uniform float uPixel;
uniform vec3 uBackground, uMinor, uMajor, uAxis;
out vec4 outColor;
float lineAt(vec2 p, float spacing) {
  vec2 g = abs(fract(p / spacing + 0.5) - 0.5) * spacing / uPixel;
  return 1.0 - clamp(min(g.x, g.y) - 0.5, 0.0, 1.0);
}
void main() {
  vec2 p = vOffset + uCentreMod;
  vec3 c = uBackground;
  c = mix(c, uMinor, lineAt(p, uStep));
  c = mix(c, uMajor, lineAt(p, uStep * 10.0));
  vec2 axis = abs(vOffset + uCentre) / uPixel;
  c = mix(c, uAxis, 1.0 - clamp(min(axis.x, axis.y) - 0.5, 0.0, 1.0));
  outColor = vec4(c, 1.0);
}`;

function compile(gl: WebGL2RenderingContext, vertex: string, fragment: string): WebGLProgram {
  const program = gl.createProgram();
  for (const [type, source] of [
    [gl.VERTEX_SHADER, vertex],
    [gl.FRAGMENT_SHADER, fragment],
  ] as const) {
    const shader = gl.createShader(type);
    if (shader === null) throw new Error('WebGL2: could not create a shader');
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
      throw new Error(`WebGL2 shader: ${gl.getShaderInfoLog(shader) ?? 'compile error'}`);
    }
    gl.attachShader(program, shader);
  }
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    throw new Error(`WebGL2 program: ${gl.getProgramInfoLog(program) ?? 'link error'}`);
  }
  return program;
}

/** Makes the WebGL2 renderer on `canvas`, or returns null when the browser has no WebGL2. */
export function createWebGLRenderer(canvas: HTMLCanvasElement): Renderer | null {
  const gl = canvas.getContext('webgl2', { alpha: false, antialias: false, premultipliedAlpha: true });
  if (gl === null) return null;
  const bodies = compile(gl, BODY_VERTEX, BODY_FRAGMENT);
  const grid = compile(gl, GRID_VERTEX, GRID_FRAGMENT);
  const u = (program: WebGLProgram, name: string): WebGLUniformLocation | null => gl.getUniformLocation(program, name);
  const bodyU = { clip: u(bodies, 'uClipPerMetre'), pixel: u(bodies, 'uPixel'), data: u(bodies, 'uBodies') };
  const gridU = {
    halfView: u(grid, 'uHalfView'),
    centreMod: u(grid, 'uCentreMod'),
    centre: u(grid, 'uCentre'),
    step: u(grid, 'uStep'),
    pixel: u(grid, 'uPixel'),
    background: u(grid, 'uBackground'),
    minor: u(grid, 'uMinor'),
    major: u(grid, 'uMajor'),
    axis: u(grid, 'uAxis'),
  };

  const corners = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, corners);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);

  const gridVao = gl.createVertexArray();
  gl.bindVertexArray(gridVao);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);

  // The body draw reads no attributes: everything comes from the texture by gl_VertexID.
  const bodyVao = gl.createVertexArray();
  const bodyTexture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, bodyTexture);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  gl.bindTexture(gl.TEXTURE_2D, null);
  gl.bindVertexArray(null);
  let textureRows = 0;

  /** Uploads `count` bodies of `words` (INSTANCE_STRIDE words each) into the body texture, growing it by doubling. */
  const uploadBodies = (words: Uint32Array, count: number): void => {
    const texels = count * TEXELS_PER_BODY;
    const rows = Math.ceil(texels / BODY_TEXTURE_WIDTH);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, bodyTexture);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
    if (rows > textureRows) {
      textureRows = Math.max(rows, textureRows * 2, 1);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGB32UI, BODY_TEXTURE_WIDTH, textureRows, 0, gl.RGB_INTEGER, gl.UNSIGNED_INT, null);
    }
    // Whole rows in one upload, the last partial row in another: the source holds exactly `count` bodies' words.
    const fullRows = Math.floor(texels / BODY_TEXTURE_WIDTH);
    if (fullRows > 0) gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, BODY_TEXTURE_WIDTH, fullRows, gl.RGB_INTEGER, gl.UNSIGNED_INT, words, 0);
    const rest = texels - fullRows * BODY_TEXTURE_WIDTH;
    if (rest > 0) {
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, fullRows, rest, 1, gl.RGB_INTEGER, gl.UNSIGNED_INT, words, fullRows * BODY_TEXTURE_WIDTH * TEXEL_WORDS);
    }
  };
  let pixelRatio = 1;
  /** Signalled when the GPU finished the last frame; null when nothing is in flight. */
  let inFlight: WebGLSync | null = null;

  return {
    kind: 'webgl2',
    canvas,
    resize(cssWidth, cssHeight, ratio) {
      pixelRatio = ratio;
      sizeCanvas(canvas, cssWidth, cssHeight, ratio);
    },
    ready() {
      if (inFlight === null) return true;
      const status = gl.getSyncParameter(inFlight, gl.SYNC_STATUS);
      // null: the context was lost, and the fence with it.
      if (status !== null && status !== gl.SIGNALED) return false;
      gl.deleteSync(inFlight);
      inFlight = null;
      return true;
    },
    draw(instances, camera: Camera) {
      gl.viewport(0, 0, canvas.width, canvas.height);
      const pixel = 1 / (camera.scale * pixelRatio);
      const step = gridStep(camera.scale);
      const major = step * 10;
      gl.disable(gl.BLEND);
      gl.useProgram(grid);
      gl.uniform2f(gridU.halfView, camera.width / 2 / camera.scale, camera.height / 2 / camera.scale);
      gl.uniform2f(gridU.centreMod, camera.x - Math.floor(camera.x / major) * major, camera.y - Math.floor(camera.y / major) * major);
      gl.uniform2f(gridU.centre, camera.x, camera.y);
      gl.uniform1f(gridU.step, step);
      gl.uniform1f(gridU.pixel, pixel);
      gl.uniform3f(gridU.background, BACKGROUND[0] / 255, BACKGROUND[1] / 255, BACKGROUND[2] / 255);
      gl.uniform3fv(gridU.minor, GRID_MINOR);
      gl.uniform3fv(gridU.major, GRID_MAJOR);
      gl.uniform3fv(gridU.axis, GRID_AXIS);
      gl.bindVertexArray(gridVao);
      gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);

      if (instances.count > 0) {
        uploadBodies(instances.words, instances.count);
        gl.enable(gl.BLEND);
        gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
        gl.useProgram(bodies);
        gl.uniform1i(bodyU.data, 0);
        gl.uniform2f(bodyU.clip, (2 * camera.scale) / camera.width, (2 * camera.scale) / camera.height);
        gl.uniform1f(bodyU.pixel, pixel);
        gl.bindVertexArray(bodyVao);
        gl.drawArrays(gl.TRIANGLES, 0, instances.count * 6);
      }
      gl.bindVertexArray(null);
      if (inFlight === null) {
        inFlight = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
        gl.flush();
      }
    },
    dispose() {
      if (inFlight !== null) gl.deleteSync(inFlight);
      gl.deleteTexture(bodyTexture);
      gl.deleteBuffer(corners);
      gl.deleteVertexArray(bodyVao);
      gl.deleteVertexArray(gridVao);
      gl.deleteProgram(bodies);
      gl.deleteProgram(grid);
      canvas.remove();
    },
  };
}
