/**
 * WebGL2 renderer: every body in one instanced draw. Each instance is a quad around the body;
 * the fragment shader evaluates the rounded rectangle's signed distance (the same shape the
 * physics collides) and turns it into coverage over one device pixel, so circles, boxes,
 * rounded rects and capsules are one shape with anti-aliased edges at any zoom. Instance data
 * is uploaded as one typed array per frame.
 */
import { BACKGROUND } from './palette';
import { INSTANCE_BYTES, INSTANCE_STRIDE } from './body-instances';
import type { Camera } from './camera';
import { sizeCanvas } from './canvas-size';
import { GRID_AXIS, GRID_MAJOR, GRID_MINOR, gridStep } from './grid';
import type { Renderer } from './renderer';

const BODY_VERTEX = `#version 300 es
layout(location = 0) in vec2 aCorner;
layout(location = 1) in vec2 aCenter;
layout(location = 2) in vec3 aShape;
layout(location = 3) in vec4 aColor;
uniform vec2 uClipPerMetre;
uniform float uPixel; // metres per device pixel
out vec2 vLocal;
out vec3 vShape;
out vec4 vColor;
void main() {
  // Grow the quad by two pixels so the anti-aliased edge is never clipped.
  vec2 extent = aShape.xy + aShape.z + 2.0 * uPixel;
  vLocal = aCorner * extent;
  vShape = aShape;
  vColor = aColor;
  gl_Position = vec4((aCenter + vLocal) * uClipPerMetre, 0.0, 1.0);
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
  const bodyU = { clip: u(bodies, 'uClipPerMetre'), pixel: u(bodies, 'uPixel') };
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

  const bodyVao = gl.createVertexArray();
  gl.bindVertexArray(bodyVao);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
  const instanceBuffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, instanceBuffer);
  gl.enableVertexAttribArray(1);
  gl.vertexAttribPointer(1, 2, gl.FLOAT, false, INSTANCE_BYTES, 0);
  gl.vertexAttribDivisor(1, 1);
  gl.enableVertexAttribArray(2);
  gl.vertexAttribPointer(2, 3, gl.FLOAT, false, INSTANCE_BYTES, 8);
  gl.vertexAttribDivisor(2, 1);
  gl.enableVertexAttribArray(3);
  gl.vertexAttribPointer(3, 4, gl.UNSIGNED_BYTE, true, INSTANCE_BYTES, 20);
  gl.vertexAttribDivisor(3, 1);
  gl.bindVertexArray(null);
  let bufferBytes = 0;
  let pixelRatio = 1;

  return {
    kind: 'webgl2',
    canvas,
    resize(cssWidth, cssHeight, ratio) {
      pixelRatio = ratio;
      sizeCanvas(canvas, cssWidth, cssHeight, ratio);
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
        gl.bindBuffer(gl.ARRAY_BUFFER, instanceBuffer);
        const bytes = instances.count * INSTANCE_BYTES;
        if (bytes > bufferBytes) {
          bufferBytes = instances.floats.byteLength;
          gl.bufferData(gl.ARRAY_BUFFER, bufferBytes, gl.DYNAMIC_DRAW);
        }
        gl.bufferSubData(gl.ARRAY_BUFFER, 0, instances.floats, 0, instances.count * INSTANCE_STRIDE);
        gl.enable(gl.BLEND);
        gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
        gl.useProgram(bodies);
        gl.uniform2f(bodyU.clip, (2 * camera.scale) / camera.width, (2 * camera.scale) / camera.height);
        gl.uniform1f(bodyU.pixel, pixel);
        gl.bindVertexArray(bodyVao);
        gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, instances.count);
      }
      gl.bindVertexArray(null);
    },
    dispose() {
      gl.deleteBuffer(instanceBuffer);
      gl.deleteBuffer(corners);
      gl.deleteVertexArray(bodyVao);
      gl.deleteVertexArray(gridVao);
      gl.deleteProgram(bodies);
      gl.deleteProgram(grid);
      canvas.remove();
    },
  };
}
