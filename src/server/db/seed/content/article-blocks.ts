/**
 * Building blocks for article bodies. Each block is a section (an <h2> and
 * its HTML) written for one field; `{part}` is replaced with the article's
 * subject (a part number such as LM317, or a topic such as CAN 总线).
 * Articles pick the blocks that fit them, so 60+ bodies stay varied and
 * technically coherent without 60 hand-written essays.
 */

export interface Block {
  heading: string;
  html: string;
}

function esc(code: string): string {
  return code.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function codeBlock(lang: string, code: string): string {
  return `<pre><code class="language-${lang}">${esc(code.trim())}</code></pre>`;
}

function table(head: string[], rows: string[][]): string {
  const th = head.map((h) => `<th>${h}</th>`).join('');
  const trs = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${trs}</tbody></table>`;
}

/** Sections shared by articles of one field, keyed 'field.topic'. */
export const BLOCKS: Record<string, Block> = {
  // ── 嵌入式 ──
  'emb.manual': {
    heading: '先读参考手册和勘误表',
    html: '<p>很多“玄学”问题其实在芯片手册里早有答案。调试 {part} 相关功能之前，建议把参考手册中对应章节的寄存器描述、时序图和注意事项完整读一遍，再查阅官方发布的勘误表（Errata），确认所用的芯片版本是否存在已知缺陷以及推荐的规避方法。</p><p>HAL 库和 CubeMX 生成的代码能让项目快速跑起来，但遇到边界情况时，仍然要回到寄存器层面核对每一个配置位。养成“改一个位、读回一次”的习惯，可以大幅减少调试时间。</p>',
  },
  'emb.debug': {
    heading: '调试工具与排查思路',
    html: '<p>排查 {part} 的问题时，示波器和逻辑分析仪是最可靠的“眼睛”。先确认电源、复位和时钟这三个基本条件正常，再看信号本身：电平是否到位、边沿是否过缓、时序是否满足建立与保持时间要求。</p><ul><li>先用示波器看模拟特性，再用逻辑分析仪解码协议</li><li>把可疑现象复现为最小工程，排除其他任务的干扰</li><li>在关键路径上翻转一个空闲 GPIO，测量实际执行时间</li><li>保留问题现场的寄存器快照，便于对照手册分析</li></ul>',
  },
  'emb.interrupt': {
    heading: '中断优先级与临界区',
    html: '<p>Cortex-M 内核通过 NVIC 管理中断，数值越小优先级越高。STM32 只实现了 4 位优先级，使用前要先确定抢占优先级与子优先级的分组方式，并在整个工程中保持一致，否则中断嵌套的行为会与预期不符。</p><p>中断服务函数应当尽量短小：只做清除标志、搬运数据和通知任务这几件事，把耗时处理放到主循环或任务中完成。访问中断与主程序共享的变量时，要使用 volatile 并在必要时关中断保护，避免读改写过程被打断导致数据错乱。</p>',
  },
  'emb.lowpower': {
    heading: '低功耗设计要点',
    html: '<p>电池供电的产品里，MCU 大部分时间都应该处于睡眠状态。{part} 相关外设在进入低功耗模式之前，需要逐一确认其时钟是否关闭、引脚是否处于确定电平，悬空的输入引脚会因为反复翻转而产生可观的漏电流。</p><p>评估功耗时不要只看数据手册的典型值，应当用电流探头或功耗分析仪测量完整的工作周期，把唤醒、采样、发送和睡眠各阶段的电流与持续时间相乘求和，才能得到可信的平均电流和电池寿命估算。</p>',
  },
  'emb.robust': {
    heading: '让系统在异常时也能恢复',
    html: '<p>现场环境远比实验室恶劣，静电、电源跌落和线缆干扰都可能让通信中断或程序跑飞。可靠的固件应当为每一次等待设置超时，为每一条通信链路设计错误计数与重新初始化流程，并使用独立看门狗兜底。</p><ul><li>所有阻塞等待都要有超时返回值</li><li>记录复位原因寄存器，区分上电、看门狗和软件复位</li><li>关键参数存储加校验，上电时验证完整性</li><li>在产测阶段注入故障，验证恢复逻辑确实有效</li></ul>',
  },
  'emb.rtos': {
    heading: '任务划分与优先级设计',
    html: '<p>引入 RTOS 后，第一步是合理划分任务：按照实时性要求和功能边界拆分，例如把通信协议处理、数据采集、人机界面分别放在不同任务中。任务数量并非越多越好，每个任务都需要独立的栈空间，过度拆分会浪费宝贵的 RAM。</p><p>优先级设计遵循“越紧急越高”的原则：与硬件时序强相关的任务优先级最高，界面刷新和日志输出放在较低优先级。同一优先级的任务按时间片轮转，若某个任务长时间不让出 CPU，会导致同级任务饿死。</p>',
  },
  'emb.bus': {
    heading: '总线的电气特性不能忽视',
    html: '<p>协议层的配置再正确，如果物理层信号质量不过关，通信依然会出错。{part} 的线路设计需要关注上拉电阻取值、走线长度、终端匹配和共地问题，尤其是跨板连接或使用长线缆的场合。</p><p>在原型阶段，建议用示波器观察实际波形的上升时间、过冲和振铃，并在总线上预留串联电阻、TVS 管和共模电感的位置。这些器件成本很低，却能在 EMC 测试时为整改争取宝贵的余地。</p>',
  },
  'emb.protocol': {
    heading: '用协议分析定位问题',
    html: '<p>逻辑分析仪的协议解码功能可以把波形直接还原成地址、数据和应答，是定位总线问题的利器。抓取时采样率至少设为信号速率的 4 倍以上，并合理设置触发条件，例如在出现 NACK 或错误帧时触发，只记录出问题的那一段。</p><p>定位到具体的帧之后，再对照 {part} 的时序要求逐项检查：起始条件、数据位顺序、采样沿以及字节间隔是否符合规范。很多偶发故障最终都被证明是软件在错误的时机读写了数据寄存器。</p>',
  },

  'emb.code': {
    heading: '代码组织与可移植性',
    html: '<p>随着项目变大，把硬件相关代码与业务逻辑分离就显得格外重要。推荐的做法是分为板级支持包（BSP）、驱动层、中间件和应用层，上层只通过清晰的接口访问下层，这样更换芯片型号或者移植到新硬件时，只需要改动最底层。</p><ul><li>寄存器地址与引脚定义集中放在板级配置文件中</li><li>驱动接口使用统一的返回码，不直接暴露 HAL 类型</li><li>用单元测试覆盖协议解析、状态机等纯逻辑代码</li><li>在版本库中保存 CubeMX 工程文件，便于追溯配置变更</li></ul>',
  },
  'emb.boot': {
    heading: '启动流程与固件升级',
    html: '<p>Cortex-M 上电后从向量表读取栈顶地址和复位向量，再执行启动文件中的初始化代码：拷贝已初始化数据段、清零未初始化数据段，最后跳转到 main。理解这一过程，才能正确实现 Bootloader 与应用程序之间的跳转。</p><p>带 Bootloader 的工程需要把应用程序链接到偏移地址，并在跳转前关闭所有中断、复位外设、重新设置向量表偏移寄存器（VTOR）和主栈指针。升级过程中还要考虑掉电保护：新固件校验通过之前，不能擦除仍然可用的旧版本。</p>',
  },

  // ── 电源设计 ──
  'pwr.select': {
    heading: '选型时先列清楚指标',
    html: '<p>在选定 {part} 之前，应当先把输入电压范围、输出电压精度、最大负载电流、允许的纹波与噪声、效率目标以及成本和面积限制全部列出来。指标明确后，很多候选方案会被自然排除。</p><ul><li>输入电压：考虑最低电压下的压差和最高电压下的耐压余量</li><li>负载电流：区分持续电流和峰值电流</li><li>噪声敏感度：射频、ADC 参考等电路对纹波要求更严</li><li>热设计：环境温度与散热条件决定可用的封装</li></ul>',
  },
  'pwr.thermal': {
    heading: '功耗与结温计算',
    html: '<p>线性器件的损耗约等于压差乘以负载电流，开关器件的损耗则包括导通损耗、开关损耗和静态损耗。以 {part} 为例，得到总功耗 P 后，结温可按 Tj = Ta + P × θJA 估算，其中 θJA 是结到环境的热阻，与封装和 PCB 铜皮面积密切相关。</p><p>数据手册给出的 θJA 通常是在标准 JEDEC 测试板上测得的，实际产品的散热条件往往更差。设计时建议保留至少 20 ℃ 的结温余量，并在样机阶段用热电偶或红外热像仪验证满载时的器件表面温度。</p>',
  },
  'pwr.caps': {
    heading: '输入输出电容怎么选',
    html: '<p>电容的选择直接影响纹波、瞬态响应和稳定性。陶瓷电容 ESR 很低，适合放在开关节点附近吸收高频电流，但要注意直流偏压效应：一颗标称 22 μF、额定 10 V 的 0805 电容，在 5 V 偏压下有效容量可能只剩一半左右。</p><p>对于 {part} 这类电路，输入电容需要承受较大的纹波电流，应核对电容的纹波电流额定值；输出电容的容量和 ESR 则决定了输出纹波以及环路中零点的位置，更换电容类型后必须重新检查环路稳定性。</p>',
  },
  'pwr.loop': {
    heading: '环路稳定性的判断',
    html: '<p>判断电源环路是否稳定，最直接的方法是测量环路增益的波特图：穿越频率处的相位裕度一般要求大于 45°，增益裕度大于 10 dB。穿越频率通常选在开关频率的 1/10 到 1/5 之间，太高会引入开关噪声，太低则瞬态响应变慢。</p><p>如果没有网络分析仪，也可以通过负载阶跃测试间接评估：观察输出电压在负载跳变后的过冲和振荡次数，振铃次数越多、衰减越慢，说明相位裕度越小，需要调整补偿网络或输出电容。</p>',
  },
  'pwr.layout': {
    heading: 'PCB 布局的关键点',
    html: '<p>开关电源的性能有一半取决于布局。最重要的原则是让高 di/dt 的功率回路面积尽可能小：输入电容、开关管和续流器件要紧靠放置，开关节点铜皮在满足电流能力的前提下尽量小，以减少对外辐射。</p><ul><li>反馈走线远离电感和开关节点，从输出电容处取样</li><li>功率地与信号地在一点汇合，避免大电流流过采样地</li><li>散热焊盘下方打足过孔，连接到大面积铜皮</li><li>补偿网络靠近芯片引脚放置</li></ul>',
  },
  'pwr.protect': {
    heading: '保护功能与异常工况',
    html: '<p>实际产品必须考虑上电浪涌、输出短路、过温和输入反接等异常工况。{part} 所在的电源路径上，建议在入口处放置保险丝或自恢复保险丝，并用 TVS 管吸收热插拔和感性负载断开时产生的电压尖峰。</p><p>样机阶段要专门做异常测试：反复热插拔输入、输出短路数分钟后再恢复、在高温箱中满载运行，确认保护动作符合预期且电路能够自动恢复，而不是只在正常工况下“看起来能用”。</p>',
  },
  'pwr.measure': {
    heading: '纹波与效率的正确测量',
    html: '<p>测量输出纹波时，应使用示波器探头的接地弹簧直接接触输出电容两端，并把带宽限制在 20 MHz，否则长地线引入的开关噪声会让测量结果严重偏大。效率测量则需要用四线法分别测量输入、输出的电压与电流，避免线损带来的误差。</p><p>建议在 10%、50%、100% 负载和最低、额定、最高输入电压下分别记录数据，绘制效率曲线。轻载效率往往是电池供电产品最关心的指标，要留意芯片在轻载时是否进入 PFM 或跳脉冲模式。</p>',
  },

  'pwr.magnetics': {
    heading: '电感与磁性元件的选择',
    html: '<p>选择功率电感时，需要同时核对感值、饱和电流、温升电流和直流电阻四项参数。饱和电流决定了峰值电流下电感是否还能维持足够的感值，温升电流则决定了持续工作时的发热，两者含义不同，不能混为一谈。</p><p>不同厂家对饱和电流的定义并不统一，有的以感值下降 20% 为准，有的以 30% 为准。一体成型电感饱和特性较软，屏蔽结构能减少对周边电路的磁场干扰；对于噪声敏感的产品，应尽量避免使用非屏蔽的工字电感。</p>',
  },
  'pwr.derating': {
    heading: '降额设计与长期可靠性',
    html: '<p>电源是整机中失效率最高的部分之一。降额设计要求器件的实际应力明显低于额定值：电容电压一般降额到 50%–80%，功率器件的结温控制在额定值的 80% 以下，电解电容的寿命则随温度每升高 10 ℃ 大约减半。</p><ul><li>铝电解电容的寿命按实际纹波电流与温度计算</li><li>陶瓷电容注意直流偏压与机械应力导致的开裂</li><li>MOSFET 的雪崩能量与安全工作区需要核对</li><li>高温老化试验可以提前暴露早期失效</li></ul>',
  },

  // ── 模拟电路 ──
  'ana.params': {
    heading: '读懂数据手册的关键参数',
    html: '<p>选择 {part} 时，数据手册首页的“典型值”只能作为参考，真正决定设计余量的是电气特性表中的最大值和最小值，以及这些参数随温度、电源电压和共模电压变化的曲线。</p><ul><li>输入失调电压及其温漂，决定直流精度</li><li>输入偏置电流，高阻信号源时影响尤为明显</li><li>增益带宽积与压摆率，决定能放大的最高频率和幅度</li><li>输入输出摆幅，单电源设计时必须确认是否轨到轨</li></ul>',
  },
  'ana.noise': {
    heading: '噪声从哪里来',
    html: '<p>模拟信号链的噪声主要来自三部分：放大器自身的电压噪声和电流噪声、电阻的热噪声，以及电源和参考引入的噪声。对于低频精密测量，1/f 噪声往往占主导；对于宽带信号，白噪声密度和等效噪声带宽才是关键。</p><p>计算总噪声时，把各独立噪声源按平方和开根号合成，再折算到输入端与信号比较。降低噪声的常见手段包括降低反馈电阻阻值、限制带宽、选择低噪声器件以及对电源进行充分滤波。</p>',
  },
  'ana.stability': {
    heading: '相位裕度与振荡',
    html: '<p>运放电路振荡的根本原因是环路增益为 1 时相移接近 180°。容性负载、长电缆和反馈网络中的寄生电容都会引入额外的极点，吃掉相位裕度。判断时可以画出开环增益曲线和 1/β 曲线，两者交点处的闭合速率如果达到 40 dB/十倍频，就存在振荡风险。</p><p>常用的补偿手段包括在输出端串联隔离电阻、在反馈电阻上并联小电容，或者选择本身能驱动大容性负载的运放。修改后务必用小信号阶跃测试观察过冲，确认过冲小于 20%。</p>',
  },
  'ana.layout': {
    heading: '模拟电路的布局布线',
    html: '<p>再好的器件也可能被糟糕的布局毁掉。{part} 的输入端是整个电路最敏感的节点，走线要短，远离数字信号和开关电源，必要时用保护环（Guard Ring）包围高阻节点，减少表面漏电流的影响。</p><ul><li>去耦电容紧靠电源引脚，回流路径最短</li><li>模拟地与数字地在 ADC 下方单点连接</li><li>差分走线等长、对称，保持相同的寄生参数</li><li>反馈电阻靠近反相输入端，减小寄生电容</li></ul>',
  },
  'ana.adc': {
    heading: 'ADC 与前端的配合',
    html: '<p>前端放大器和 ADC 需要作为一个整体设计。SAR 型 ADC 在采样瞬间会从输入端抽取电荷，驱动电路必须在采集时间内恢复稳定，否则会出现通道间串扰和线性度下降；Σ-Δ 型 ADC 输入阻抗则随调制频率变化，同样需要合适的缓冲。</p><p>抗混叠滤波器的截止频率应根据采样率和信号带宽确定，同时兼顾 RC 网络的电荷储能作用。参考电压源的噪声和温漂会直接叠加到转换结果上，精密测量时参考源的选型与 ADC 同等重要。</p>',
  },
  'ana.emc': {
    heading: '从 EMC 角度审视设计',
    html: '<p>EMC 问题往往在认证测试阶段才暴露，整改成本很高。设计初期就应识别出电路中的噪声源（时钟、开关节点、高速边沿）、耦合路径（走线、电缆、缝隙）和敏感电路（模拟前端、复位线），并针对性地布局和滤波。</p><p>最有效的措施通常不是添加屏蔽罩，而是保证信号有完整、紧邻的回流路径。一条跨越地平面分割缝的高速走线，其回流被迫绕远路，形成的环路天线会带来显著的辐射超标。</p>',
  },
  'ana.error': {
    heading: '误差预算的方法',
    html: '<p>精密测量系统设计的核心是误差预算：把增益误差、失调误差、非线性、噪声和温漂逐项列出，换算成同一单位（例如 ppm 或 LSB），再按照相关性选择直接相加或平方和合成，判断总误差是否满足指标。</p><p>可校准的误差（如室温下的失调和增益误差）可以通过一次两点校准消除，而温漂、噪声和长期漂移无法简单校准，需要在器件选型时重点控制。误差预算表也是与客户沟通性能指标的有力工具。</p>',
  },

  'ana.sensor': {
    heading: '传感器接口的常见问题',
    html: '<p>传感器前端的问题常常出在接口而不是放大器本身。电阻型传感器需要稳定的激励源，激励电流过大会引起自热误差；热电偶需要冷端补偿；长引线带来的线电阻可以用三线制或四线制接法消除。</p><p>此外，传感器信号往往与强电设备共处一室，现场的工频干扰和地电位差不可忽视。采用差分输入、屏蔽双绞线并在输入端加入共模滤波，是提高现场抗干扰能力的常用手段。</p>',
  },
  'ana.sim': {
    heading: '仿真与实测相互印证',
    html: '<p>在动手焊板之前，用 SPICE 仿真验证电路的直流工作点、频率响应和瞬态行为，可以提前发现大部分设计错误。主流器件厂商都提供了运放、基准源和 ADC 驱动器的宏模型，LTspice、TINA-TI 等免费工具即可满足日常需要。</p><p>但仿真模型不会包含所有非理想因素，例如 PCB 寄生参数、元件容差和温度效应。建议把仿真结果与样机实测放在一起对比，偏差较大时回头检查模型假设，这个过程本身就是理解电路的最好方式。</p>',
  },

  // ── 射频与无线 ──
  'rf.budget': {
    heading: '链路预算怎么算',
    html: '<p>无线链路能否打通，可以用链路预算快速判断：接收功率 = 发射功率 + 发射天线增益 + 接收天线增益 − 路径损耗 − 各种附加损耗。只要接收功率高于接收灵敏度并保留 10 dB 以上的衰落余量，链路通常就是可靠的。</p><p>自由空间路径损耗随距离和频率的平方增加，2.4 GHz 下 100 米约为 80 dB。实际环境中墙体、人体和金属遮挡会带来额外损耗，因此在 {part} 项目的规划阶段就应进行现场实测，而不是只依靠理论计算。</p>',
  },
  'rf.matching': {
    heading: '阻抗匹配的基本方法',
    html: '<p>射频电路中，源、传输线和负载的阻抗不匹配会产生反射，造成功率损失和频率偏移。常用 50 Ω 作为系统特性阻抗，匹配网络一般由 L 型或 π 型的电感电容构成，在 Smith 圆图上沿等电阻圆和等电导圆移动即可求出元件值。</p><p>PCB 上建议为匹配网络预留 π 型焊盘，即使初版设计只需要一个串联元件，也能为后期调试保留灵活性。调试时先用矢量网络分析仪在端口校准，然后逐个替换元件观察 S11 的变化。</p>',
  },
  'rf.layout': {
    heading: '射频 PCB 设计要点',
    html: '<p>射频走线需要按照叠层参数计算线宽，保证 50 Ω 特性阻抗；走线下方的参考地必须完整，不允许跨越分割。{part} 相关的射频路径应尽量短直，拐角采用圆弧或 45° 斜切，并在两侧布置密集的接地过孔形成屏蔽。</p><ul><li>射频芯片的接地焊盘下打满过孔，保证低阻抗接地</li><li>晶振远离天线与射频输出，避免杂散</li><li>电源入口加 π 型滤波，防止数字噪声窜入射频电路</li><li>天线净空区内不铺铜、不走线</li></ul>',
  },
  'rf.test': {
    heading: '测试与认证准备',
    html: '<p>无线产品上市前需要通过 SRRC 型号核准以及对应市场的认证测试，常见项目包括发射功率、频率容限、占用带宽、杂散发射和接收阻塞。研发阶段就应使用频谱分析仪预测这些指标，避免在认证实验室反复整改。</p><p>对于使用 {part} 的产品，如果采用已经取得认证的模组，可以显著缩短认证周期，但整机的天线、外壳和供电方式仍可能影响结果，需要按模组厂商的设计指南进行布局和验证。</p>',
  },
  'rf.power': {
    heading: '无线设备的功耗管理',
    html: '<p>无线通信往往是设备中最耗电的环节，发射瞬间电流可达数百毫安。降低功耗的关键在于缩短射频开启时间：减少连接建立次数、合并数据批量发送、选择合适的广播或监听间隔。</p><p>供电设计上，发射瞬间的大电流会导致电池电压跌落，应在 {part} 的电源引脚附近放置足够的储能电容，并确认低电量时的电压跌落不会触发欠压复位。测量功耗时应使用采样率足够高的电流分析仪，才能捕捉到毫秒级的电流脉冲。</p>',
  },
  'rf.basics': {
    heading: '常用单位与概念',
    html: '<p>射频工程中功率常用 dBm 表示，0 dBm 等于 1 mW，每增加 3 dB 功率翻倍，每增加 10 dB 功率乘以 10。增益、损耗用 dB 表示，可以直接相加减，这让级联系统的计算变得简单。</p><ul><li>S11：输入端反射，越低越好，一般要求小于 −10 dB</li><li>S21：正向传输增益或插入损耗</li><li>VSWR：电压驻波比，1 表示完全匹配</li><li>噪声系数：信号经过系统后信噪比的恶化程度</li></ul>',
  },

  'rf.coexist': {
    heading: '共存与干扰',
    html: '<p>2.4 GHz 频段同时承载着 Wi-Fi、蓝牙、Zigbee 以及各种私有协议，设备之间的相互干扰不可避免。当同一产品内集成多种无线技术时，需要借助时分共存机制（如 PTA 仲裁）协调发射时机，避免自己干扰自己。</p><ul><li>扫描信道占用情况，选择干扰最小的信道</li><li>跳频与自适应跳频可以避开被占用的频点</li><li>天线之间保持足够的隔离度，至少 20 dB 以上</li><li>开关电源和高速数字信号的谐波可能落入接收频段</li></ul>',
  },
  'rf.production': {
    heading: '量产中的射频校准',
    html: '<p>由于晶振频偏、PA 增益和天线匹配存在个体差异，无线产品在量产时通常需要逐台校准。常见的校准项目包括频率偏差、发射功率和接收信号强度指示（RSSI），校准结果写入芯片的非易失存储区。</p><p>产线测试要在屏蔽箱内进行，避免工位之间相互干扰。测试系统应记录每台设备的校准参数和测试数据，当市场上出现批量问题时，这些数据是追溯原因的重要依据。</p>',
  },

  // ── 汽车电子 ──
  'auto.env': {
    heading: '车载环境的严苛要求',
    html: '<p>汽车电子需要在 −40 ℃ 到 125 ℃ 的温度范围内长期可靠工作，还要承受振动、湿热、盐雾和复杂的电磁环境。{part} 相关设计在器件选型时应优先采用通过 AEC-Q 系列认证的车规器件，并按照整车厂的环境试验规范进行验证。</p><p>电源方面，12 V 系统会遇到冷启动时电压跌落到 3 V 左右、抛负载时出现数十伏高压脉冲等工况，ISO 7637 和 ISO 16750 标准对这些脉冲有明确定义，前端保护电路必须按标准设计并测试。</p>',
  },
  'auto.safety': {
    heading: '功能安全的视角',
    html: '<p>在功能安全体系中，任何可能导致人员伤害的失效都需要被识别、评估并加以控制。设计 {part} 相关功能时，应结合危害分析与风险评估（HARA）的结果，明确安全目标和对应的 ASIL 等级，再把安全要求分解到硬件和软件。</p><ul><li>识别单点故障与潜伏故障，设计诊断覆盖</li><li>关键信号采用冗余采集与合理性校验</li><li>定义安全状态以及进入安全状态的时间要求</li><li>保留完整的需求追溯与验证记录</li></ul>',
  },
  'auto.network': {
    heading: '车载网络的设计考虑',
    html: '<p>现代汽车内有数十个 ECU，通过 CAN、LIN、FlexRay 和车载以太网组成分层网络。网络设计需要综合考虑带宽、实时性、成本和诊断需求：车身舒适系统多用 LIN 和低速 CAN，动力与底盘系统使用高速 CAN 或 CAN FD，智能驾驶与座舱则依赖以太网。</p><p>对于 {part}，除了满足通信本身，还要在设计阶段考虑网络管理（休眠唤醒）、诊断协议（UDS）和总线负载率，一般建议实际负载率不超过 50%，为后续功能扩展留出余量。</p>',
  },
  'auto.ev': {
    heading: '高压系统的安全与隔离',
    html: '<p>新能源汽车的动力电池电压通常在 400 V 到 800 V 之间，高压部件与低压控制电路之间必须可靠隔离。{part} 相关电路中，隔离方案可选用数字隔离器、隔离运放或隔离电源，并满足相应的爬电距离和电气间隙要求。</p><p>整车还需要实时监测高压系统的绝缘电阻，一旦绝缘下降到阈值以下就要报警并限制功率。高压互锁（HVIL）回路确保在连接器断开时迅速切断高压，是保障维修人员安全的重要设计。</p>',
  },
  'auto.test': {
    heading: '验证与测试',
    html: '<p>车规产品的验证周期长、项目多，包括设计验证（DV）和产品验证（PV）两个阶段，覆盖电气性能、环境耐久、EMC 和功能安全等内容。{part} 相关功能的测试用例应与需求一一对应，确保每条需求都有可追溯的验证结果。</p><p>硬件在环（HIL）测试可以在实验室中模拟整车环境，注入各种故障工况，是验证控制策略和诊断功能的有效手段。量产前还需要完成 PPAP 等质量文件，证明生产过程稳定可控。</p>',
  },

  'auto.diag': {
    heading: '诊断与刷写',
    html: '<p>ECU 必须支持基于 UDS（ISO 14229）的诊断服务：读取故障码、读取数据流、例程控制以及安全访问。售后维修和产线下线检测都依赖这些服务，诊断需求通常由整车厂的诊断规范统一定义。</p><p>软件刷写同样通过诊断通道完成，流程包括进入编程会话、安全访问解锁、擦除、下载、校验和复位。刷写过程中断电是必须考虑的场景，Bootloader 需要保证 ECU 在任何时刻断电后都能重新进入刷写模式。</p>',
  },
  'auto.sw': {
    heading: 'AUTOSAR 软件架构',
    html: '<p>AUTOSAR Classic 平台把 ECU 软件分为应用层、运行时环境（RTE）和基础软件层。基础软件包括通信栈、诊断、存储和操作系统等模块，通过配置工具生成代码，应用开发者只需关注软件组件的功能逻辑。</p><ul><li>软件组件之间通过端口与接口通信</li><li>MCAL 层屏蔽了不同 MCU 的硬件差异</li><li>配置工具与代码生成减少了重复劳动</li><li>AUTOSAR Adaptive 面向高性能计算平台与 SOA</li></ul>',
  },
  'auto.emc': {
    heading: '车载 EMC 测试',
    html: '<p>车载电子零部件的电磁兼容测试主要依据 CISPR 25（辐射与传导发射）、ISO 11452（辐射抗扰度）和 ISO 7637（瞬态传导抗扰度）等标准，各整车厂在此基础上还有更严格的企业标准。</p><p>汽车线束很长，往往是最主要的耦合路径。设计阶段要对每一个对外接口做好滤波和保护，开关电源优先选择具有展频功能的控制器，并在 PCB 上为滤波器件预留位置，以便在测试中快速整改。</p>',
  },

  // ── 人工智能与边缘计算 ──
  'ai.pipeline': {
    heading: '从数据到部署的完整流程',
    html: '<p>边缘 AI 项目的难点往往不在模型本身，而在于数据与部署。完整流程包括：采集覆盖真实场景的数据、清洗与标注、训练与验证、量化压缩、在目标硬件上部署并测试，最后在现场持续收集难例并迭代模型。</p><ul><li>训练数据要包含设备实际工作的噪声与干扰</li><li>验证集与训练集严格分离，防止过拟合的假象</li><li>在目标硬件上测量真实的推理时间和内存占用</li><li>为模型版本建立追溯，便于现场问题回溯</li></ul>',
  },
  'ai.resource': {
    heading: '算力与内存的权衡',
    html: '<p>在资源受限的设备上，模型的参数量决定了 Flash 占用，而中间激活张量的峰值决定了 RAM 需求。以 {part} 为目标平台时，应先估算模型每层的计算量（MACs）和激活大小，确认峰值内存能放进片上 SRAM，再决定是否需要裁剪网络或降低输入分辨率。</p><p>推理速度方面，除了芯片主频，还要看是否支持 SIMD 指令或专用的神经网络加速单元。使用厂商优化过的算子库（如 CMSIS-NN）往往能带来数倍的速度提升。</p>',
  },
  'ai.quant': {
    heading: '量化带来的收益与代价',
    html: '<p>把 32 位浮点模型量化为 8 位整数，模型体积缩小到约四分之一，推理速度在支持整数运算加速的硬件上可以提升 2 到 4 倍。代价是精度可能下降，下降幅度与模型结构、数据分布和量化方法有关。</p><p>训练后量化（PTQ）只需要少量校准数据，适合快速验证；量化感知训练（QAT）在训练过程中模拟量化误差，能把精度损失降到最低。建议先用 PTQ 评估，若精度下降超过可接受范围再改用 QAT。</p>',
  },
  'ai.sensor': {
    heading: '传感器数据的预处理',
    html: '<p>原始传感器数据通常带有噪声、偏置和采样抖动，直接输入模型效果往往不佳。常见的预处理包括去均值、归一化、滤波以及提取频域特征（如 FFT 或 MFCC），这些步骤可以显著降低模型需要学习的复杂度。</p><p>在 {part} 这类应用中，预处理要在设备端实时完成，因此需要评估其计算开销。固定的采样率和准确的时间戳是保证特征一致性的前提，训练时使用的预处理代码与设备端实现必须保持完全一致。</p>',
  },
  'ai.security': {
    heading: '边缘设备的安全与维护',
    html: '<p>部署在现场的边缘设备面临物理接触和网络攻击双重风险。基本的安全措施包括：启用安全启动验证固件签名、关闭量产设备的调试接口、使用 TLS 加密通信，以及为每台设备分配独立的身份凭证。</p><p>模型和固件都需要支持远程升级，升级包必须签名校验，并具备失败回滚能力。对于 {part}，建议采用 A/B 分区方案，确保任何时候设备都至少保留一个可正常启动的版本。</p>',
  },
  'ai.eval': {
    heading: '评估指标不要只看准确率',
    html: '<p>在类别不平衡的场景中，准确率往往具有误导性：故障样本只占 1% 时，一个永远预测“正常”的模型也有 99% 的准确率。应当结合精确率、召回率、F1 值以及混淆矩阵来评估模型，并根据业务代价确定判定阈值。</p><p>边缘部署还需要额外关注端到端延迟、每次推理的能耗以及在不同环境条件下的稳定性。最终的验收测试应在真实设备、真实场景中进行，而不是只在服务器上跑一遍测试集。</p>',
  },
  'ai.toolchain': {
    heading: '工具链与框架选择',
    html: '<p>边缘部署的工具链大致分为三类：TensorFlow Lite 与 TFLite Micro 面向移动端和 MCU，ONNX Runtime 提供跨框架的通用推理，芯片厂商的专用工具（如 NPU 编译器）则能最大限度发挥硬件性能。</p><ul><li>先确认目标芯片支持的算子列表，避免训练出无法部署的网络</li><li>转换后在 PC 上逐层比对输出，定位精度损失</li><li>固定工具链版本，避免升级带来不可预期的差异</li><li>把模型转换与测试纳入持续集成流程</li></ul>',
  },
  'ai.power': {
    heading: '功耗与散热',
    html: '<p>边缘设备常常部署在无风扇的密闭外壳中，持续推理带来的发热会导致芯片降频，性能随之下降。设计时应按照最坏环境温度评估散热能力，并在高温箱中进行长时间满负载测试。</p><p>降低功耗的手段包括降低推理帧率、采用事件触发而非持续推理、在空闲时关闭加速器电源，以及选择更小的模型。对于电池供电的设备，应把推理能耗折算到每天的总能量预算中统一规划。</p>',
  },
};

/** Closing paragraphs; `{part}` as above. */
export const CLOSINGS: string[] = [
  '<p>以上是 {part} 设计中最常遇到的问题和对应的处理思路。实际项目千差万别，建议在样机阶段留出足够的测试时间，把测量数据与设计计算逐项对照，有疑问欢迎在评论区交流。</p>',
  '<p>总结一下：理解原理、读透手册、动手测量，是掌握 {part} 的三个步骤。本文涉及的参考资料和计算表格可以在本站“资料下载”栏目中找到。</p>',
  '<p>工程设计没有唯一正确的答案，只有在约束条件下的合理取舍。希望本文关于 {part} 的梳理能帮你少走弯路，也欢迎分享你在项目中的经验。</p>',
  '<p>如果你正在评估 {part} 方案，不妨先用评估板验证关键指标，再投入正式的 PCB 设计。更多相关课程和直播回放，可以在公开课栏目中找到。</p>',
  '<p>本文的分析基于常见工况，具体参数请以器件数据手册为准。下一篇我们将继续深入 {part} 的进阶话题，敬请关注。</p>',
  '<p>{part} 的设计经验需要在项目中不断积累。建议把每次调试的现象、测量数据和最终结论记录下来，形成团队自己的设计检查表，这比任何教程都更有价值。</p>',
];

/** Optional extra sections with code or a table, keyed by name. */
export const EXTRAS: Record<string, Block> = {
  'code.stm32-clock': {
    heading: '参考代码：HAL 库配置 72 MHz',
    html: `<p>下面的代码使用 8 MHz 外部晶振，经 PLL 九倍频得到 72 MHz 系统时钟，APB1 二分频以满足 36 MHz 的上限：</p>${codeBlock(
      'c',
      `
RCC_OscInitTypeDef osc = {0};
RCC_ClkInitTypeDef clk = {0};
osc.OscillatorType = RCC_OSCILLATORTYPE_HSE;
osc.HSEState = RCC_HSE_ON;
osc.PLL.PLLState = RCC_PLL_ON;
osc.PLL.PLLSource = RCC_PLLSOURCE_HSE;
osc.PLL.PLLMUL = RCC_PLL_MUL9;            /* 8 MHz x 9 = 72 MHz */
HAL_RCC_OscConfig(&osc);
clk.ClockType = RCC_CLOCKTYPE_SYSCLK | RCC_CLOCKTYPE_HCLK
              | RCC_CLOCKTYPE_PCLK1 | RCC_CLOCKTYPE_PCLK2;
clk.SYSCLKSource = RCC_SYSCLKSOURCE_PLLCLK;
clk.AHBCLKDivider = RCC_SYSCLK_DIV1;
clk.APB1CLKDivider = RCC_HCLK_DIV2;       /* APB1 <= 36 MHz */
clk.APB2CLKDivider = RCC_HCLK_DIV1;
HAL_RCC_ClockConfig(&clk, FLASH_LATENCY_2);`,
    )}`,
  },
  'code.pwm': {
    heading: '参考代码：TIM1 互补 PWM 与死区',
    html: `<p>高级定时器 TIM1 支持互补输出和死区插入，下面配置 20 kHz PWM，死区约 1 μs：</p>${codeBlock(
      'c',
      `
htim1.Init.Prescaler = 0;
htim1.Init.Period = 3600 - 1;             /* 72 MHz / 3600 = 20 kHz */
htim1.Init.CounterMode = TIM_COUNTERMODE_CENTERALIGNED1;
HAL_TIM_PWM_Init(&htim1);
TIM_BreakDeadTimeConfigTypeDef bdt = {0};
bdt.DeadTime = 72;                        /* 72 / 72 MHz = 1 us */
bdt.BreakState = TIM_BREAK_ENABLE;
bdt.BreakPolarity = TIM_BREAKPOLARITY_LOW;
bdt.AutomaticOutput = TIM_AUTOMATICOUTPUT_DISABLE;
HAL_TIMEx_ConfigBreakDeadTime(&htim1, &bdt);
HAL_TIM_PWM_Start(&htim1, TIM_CHANNEL_1);
HAL_TIMEx_PWMN_Start(&htim1, TIM_CHANNEL_1);`,
    )}`,
  },
  'code.adc-dma': {
    heading: '参考代码：ADC 扫描 + DMA 循环模式',
    html: `<p>四个通道连续扫描，DMA 以循环模式把结果写入数组，CPU 只需在半传输和传输完成中断里处理数据：</p>${codeBlock(
      'c',
      `
static uint16_t adc_buf[4 * 32];
hadc1.Init.ScanConvMode = ADC_SCAN_ENABLE;
hadc1.Init.ContinuousConvMode = ENABLE;
hadc1.Init.NbrOfConversion = 4;
HAL_ADC_Init(&hadc1);
HAL_ADCEx_Calibration_Start(&hadc1);      /* F1 系列上电后先校准 */
HAL_ADC_Start_DMA(&hadc1, (uint32_t *)adc_buf, 4 * 32);

void HAL_ADC_ConvHalfCpltCallback(ADC_HandleTypeDef *h) { process(&adc_buf[0], 16); }
void HAL_ADC_ConvCpltCallback(ADC_HandleTypeDef *h)     { process(&adc_buf[64], 16); }`,
    )}`,
  },
  'code.queue': {
    heading: '参考代码：中断向任务发送数据',
    html: `<p>在中断中必须使用带 FromISR 后缀的 API，并根据返回的标志决定是否立即切换任务：</p>${codeBlock(
      'c',
      `
static QueueHandle_t rx_queue;

void USART1_IRQHandler(void)
{
    BaseType_t woken = pdFALSE;
    uint8_t byte = (uint8_t)USART1->DR;
    xQueueSendFromISR(rx_queue, &byte, &woken);
    portYIELD_FROM_ISR(woken);
}

void rx_task(void *arg)
{
    uint8_t byte;
    for (;;) {
        if (xQueueReceive(rx_queue, &byte, pdMS_TO_TICKS(100)) == pdPASS) {
            parser_feed(byte);
        } else {
            parser_timeout();             /* 100 ms 无数据视为帧结束 */
        }
    }
}`,
    )}`,
  },
  'code.i2c-recover': {
    heading: '参考代码：I2C 总线解锁',
    html: `<p>当从机把 SDA 拉低不放时，主机可以把 SCL 切换为 GPIO，手动输出最多 9 个时钟，再发送一个停止条件：</p>${codeBlock(
      'c',
      `
void i2c_bus_recover(void)
{
    gpio_set_output_od(SCL_PIN);
    gpio_set_input(SDA_PIN);
    for (int i = 0; i < 9 && !gpio_read(SDA_PIN); i++) {
        gpio_write(SCL_PIN, 0); delay_us(5);
        gpio_write(SCL_PIN, 1); delay_us(5);
    }
    /* 产生 STOP：SCL 高电平期间 SDA 由低变高 */
    gpio_set_output_od(SDA_PIN);
    gpio_write(SDA_PIN, 0); delay_us(5);
    gpio_write(SDA_PIN, 1); delay_us(5);
    i2c_peripheral_reinit();
}`,
    )}`,
  },
  'table.gpio': {
    heading: 'GPIO 模式速查表',
    html: `<p>下表总结了 STM32F1 系列常用的 GPIO 模式及其典型用途：</p>${table(
      ['模式', '特点', '典型用途'],
      [
        ['推挽输出', '可主动输出高、低电平，驱动能力强', 'LED、片选、普通控制信号'],
        ['开漏输出', '只能拉低，高电平依赖上拉电阻', 'I2C、电平转换、线与逻辑'],
        ['复用推挽', '由外设控制输出', 'USART TX、SPI、PWM'],
        ['浮空输入', '无内部上下拉，输入阻抗高', '外部已有确定电平的信号'],
        ['上拉/下拉输入', '内部约 40 kΩ 上下拉', '按键、拨码开关'],
        ['模拟输入', '关闭施密特触发器，功耗最低', 'ADC 输入、低功耗时的闲置引脚'],
      ],
    )}`,
  },
  'table.can': {
    heading: '经典 CAN 与 CAN FD 对比',
    html: `<p>CAN FD 在保持仲裁机制兼容的前提下，大幅提高了数据段速率和单帧数据长度：</p>${table(
      ['项目', '经典 CAN', 'CAN FD'],
      [
        ['单帧数据长度', '最多 8 字节', '最多 64 字节'],
        ['数据段速率', '最高 1 Mbit/s', '通常 2–5 Mbit/s'],
        ['CRC', '15 位', '17 位或 21 位，另加填充位计数'],
        ['帧格式标志', '无', 'FDF、BRS、ESI 位'],
        ['典型应用', '车身、舒适系统', '动力域、ADAS、刷写'],
      ],
    )}`,
  },
  'table.ldo-dcdc': {
    heading: 'LDO 与 DC-DC 对比',
    html: `<p>两类稳压器各有所长，下表列出选型时最常比较的几项：</p>${table(
      ['指标', 'LDO', 'DC-DC（Buck）'],
      [
        ['效率', '约等于 Vout/Vin，压差大时很低', '通常 85%–95%'],
        ['输出噪声', '很低，PSRR 好', '存在开关纹波，需要滤波'],
        ['外围器件', '两颗电容即可', '电感、二极管或同步管、多颗电容'],
        ['EMI', '几乎没有', '需要注意布局与滤波'],
        ['成本与面积', '低、小', '较高、较大'],
        ['适用场景', '小压差、小电流、噪声敏感', '大压差、大电流、电池供电'],
      ],
    )}`,
  },
  'table.dbm': {
    heading: 'dBm 与功率换算表',
    html: `<p>记住几个常用值，估算链路时会快很多：</p>${table(
      ['dBm', '功率', '常见场景'],
      [
        ['+30', '1 W', '大功率对讲机'],
        ['+20', '100 mW', 'Wi-Fi 路由器最大发射功率'],
        ['+14', '25 mW', 'LoRa 节点常用发射功率'],
        ['0', '1 mW', 'BLE 典型发射功率'],
        ['−90', '1 pW', 'Wi-Fi 接收灵敏度量级'],
        ['−137', '约 0.02 fW', 'LoRa SF12 接收灵敏度量级'],
      ],
    )}`,
  },
  'table.asil': {
    heading: 'ASIL 等级与硬件指标',
    html: `<p>ISO 26262 对不同 ASIL 等级的硬件架构度量提出了量化要求：</p>${table(
      ['ASIL', '单点故障度量 SPFM', '潜伏故障度量 LFM', '随机硬件失效率 PMHF'],
      [
        ['B', '≥ 90%', '≥ 60%', '&lt; 100 FIT'],
        ['C', '≥ 97%', '≥ 80%', '&lt; 100 FIT'],
        ['D', '≥ 99%', '≥ 90%', '&lt; 10 FIT'],
      ],
    )}`,
  },
  'table.filter': {
    heading: '两种有源滤波拓扑对比',
    html: `<p>二阶有源低通滤波器最常用的两种结构各有特点：</p>${table(
      ['项目', 'Sallen-Key', '多重反馈 MFB'],
      [
        ['增益', '同相，单位增益时元件最少', '反相，可方便设置增益'],
        ['对运放带宽要求', '较低', '较高'],
        ['高频阻带衰减', '受运放输出阻抗影响会回升', '较好'],
        ['元件灵敏度', '高 Q 值时较敏感', '较低'],
      ],
    )}`,
  },
  'code.esp32-sleep': {
    heading: '参考代码：ESP32 定时唤醒深度睡眠',
    html: `<p>深度睡眠期间只保留 RTC 域，唤醒后程序从头运行，需要保留的数据放在 RTC 内存中：</p>${codeBlock(
      'c',
      `
RTC_DATA_ATTR static uint32_t boot_count = 0;

void app_main(void)
{
    boot_count++;
    sensor_read_and_publish();            /* 采样并通过 MQTT 上报 */
    esp_wifi_stop();
    esp_sleep_enable_timer_wakeup(10ULL * 60 * 1000000); /* 10 分钟 */
    ESP_LOGI("app", "boot %lu, entering deep sleep", boot_count);
    esp_deep_sleep_start();
}`,
    )}`,
  },
  'code.mqtt': {
    heading: '参考代码：Python 网关上报 MQTT',
    html: `<p>网关侧采集数据后以 JSON 格式发布到 MQTT 主题，QoS 1 保证至少送达一次：</p>${codeBlock(
      'python',
      `
import json, time
import paho.mqtt.client as mqtt

client = mqtt.Client(client_id="gateway-01")
client.tls_set()                          # 生产环境务必启用 TLS
client.connect("mqtt.example.com", 8883)
client.loop_start()

while True:
    sample = read_modbus_registers()      # 读取现场设备
    payload = json.dumps({"ts": int(time.time()), "data": sample})
    client.publish("factory/line1/telemetry", payload, qos=1)
    time.sleep(5)`,
    )}`,
  },
  'code.tflm': {
    heading: '参考代码：TensorFlow Lite Micro 推理',
    html: `<p>模型以 C 数组形式编译进固件，张量区 arena 的大小需要根据实际模型调整：</p>${codeBlock(
      'cpp',
      `
constexpr int kArenaSize = 40 * 1024;
alignas(16) static uint8_t arena[kArenaSize];

const tflite::Model* model = tflite::GetModel(g_model_data);
static tflite::MicroMutableOpResolver<5> resolver;
resolver.AddConv2D(); resolver.AddDepthwiseConv2D();
resolver.AddFullyConnected(); resolver.AddSoftmax(); resolver.AddReshape();
static tflite::MicroInterpreter interpreter(model, resolver, arena, kArenaSize);
interpreter.AllocateTensors();

TfLiteTensor* input = interpreter.input(0);
fill_features(input->data.int8);          // 已量化的 int8 特征
interpreter.Invoke();
int8_t score = interpreter.output(0)->data.int8[1];`,
    )}`,
  },
  'code.complementary': {
    heading: '参考代码：互补滤波求俯仰角',
    html: `<p>陀螺仪积分短期准确、长期漂移，加速度计长期稳定、短期噪声大，互补滤波把两者按权重融合：</p>${codeBlock(
      'c',
      `
float pitch = 0.0f;
const float alpha = 0.98f;                /* 陀螺仪权重 */

void imu_update(float gx, float ax, float az, float dt)
{
    float acc_pitch = atan2f(ax, az) * 57.2958f;
    pitch = alpha * (pitch + gx * dt) + (1.0f - alpha) * acc_pitch;
}`,
    )}`,
  },
};
